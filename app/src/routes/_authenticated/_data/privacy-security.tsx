import { createFileRoute } from "@tanstack/react-router";
import { PrivacySecurityScreen } from "../../../features/account/privacy-security-screen.tsx";

export const Route = createFileRoute("/_authenticated/_data/privacy-security")({
  loader: () => void import("../../../data/prefetch.ts").then((m) => m.prefetchPrivacySecurity()),
  component: PrivacySecurityScreen,
});
