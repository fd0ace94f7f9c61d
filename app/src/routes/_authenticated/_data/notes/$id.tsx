import { createFileRoute } from "@tanstack/react-router";
import { NoteDetailScreen } from "../../../../features/ideas/item-detail-screen.tsx";

export const Route = createFileRoute("/_authenticated/_data/notes/$id")({
  loader: ({ params }) =>
    void import("../../../../data/prefetch.ts").then((m) => m.prefetchItem("note", params.id)),
  component: NoteDetailScreen,
});
