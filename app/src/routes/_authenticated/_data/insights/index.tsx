import { createFileRoute } from "@tanstack/react-router";
import { InsightsScreen } from "../../../../features/insights/insights-screen.tsx";

export const Route = createFileRoute("/_authenticated/_data/insights/")({ component: InsightsScreen });
