import { createFileRoute } from "@tanstack/react-router";
import { AiPointsScreen } from "../../features/account/ai-points-screen.tsx";

export const Route = createFileRoute("/_authenticated/ai-points")({ component: AiPointsScreen });
