import { createFileRoute } from "@tanstack/react-router";
import { OriginalIdeaScreen } from "../../../../../features/ideas/original-idea-screen.tsx";

export const Route = createFileRoute("/_authenticated/_data/ideas/$id/original")({
  loader: ({ params }) =>
    void import("../../../../../data/prefetch.ts").then((m) => m.prefetchItem("idea", params.id)),
  component: OriginalIdeaScreen,
});
