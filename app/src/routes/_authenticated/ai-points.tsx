import { createFileRoute } from "@tanstack/react-router";
import { AiPointsScreen } from "../../features/pages/coming-soon.tsx";

export const Route = createFileRoute("/_authenticated/ai-points")({ component: AiPointsScreen });
