import { createFileRoute } from "@tanstack/react-router";
import { AiPointsScreen } from "../../../features/account/ai-points-screen.tsx";

export const Route = createFileRoute("/_authenticated/_data/ai-points")({
  loader: () => void import("../../../data/prefetch.ts").then((m) => m.prefetchAiPoints()),
  component: AiPointsScreen,
});
