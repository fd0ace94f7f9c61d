import { createFileRoute } from "@tanstack/react-router";
import { UserAgreementScreen } from "../features/pages/user-agreement.tsx";

export const Route = createFileRoute("/user-agreement")({ component: UserAgreementScreen });
