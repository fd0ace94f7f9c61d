import { createFileRoute } from "@tanstack/react-router";
import { ArchiveScreen } from "../../../features/archive/archive-screen.tsx";

export const Route = createFileRoute("/_authenticated/_data/archive")({
  component: ArchiveScreen,
});
