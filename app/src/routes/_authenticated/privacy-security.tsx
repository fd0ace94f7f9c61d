import { createFileRoute } from "@tanstack/react-router";
import { PrivacySecurityScreen } from "../../features/account/privacy-security-screen.tsx";

export const Route = createFileRoute("/_authenticated/privacy-security")({
  component: PrivacySecurityScreen,
});
