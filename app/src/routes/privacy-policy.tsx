import { createFileRoute } from "@tanstack/react-router";
import { PrivacyPolicyScreen } from "../features/pages/privacy-policy.tsx";

export const Route = createFileRoute("/privacy-policy")({ component: PrivacyPolicyScreen });
