import { createFileRoute } from "@tanstack/react-router";
import { TrashScreen } from "../../../features/trash/trash-screen.tsx";

export const Route = createFileRoute("/_authenticated/_data/trash")({
  loader: () => void import("../../../data/prefetch.ts").then((m) => m.prefetchTrash()),
  component: TrashScreen,
});
