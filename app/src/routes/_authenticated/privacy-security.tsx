import { createFileRoute } from "@tanstack/react-router";
import { PrivacySecurityScreen } from "../../features/pages/coming-soon.tsx";

export const Route = createFileRoute("/_authenticated/privacy-security")({
  component: PrivacySecurityScreen,
});
