import { createFileRoute } from "@tanstack/react-router";
import { IdeaDetailScreen } from "../../../../../features/ideas/item-detail-screen.tsx";

export const Route = createFileRoute("/_authenticated/_data/ideas/$id/")({
  loader: ({ params }) =>
    void import("../../../../../data/prefetch.ts").then((m) => m.prefetchItem("idea", params.id)),
  component: IdeaDetailScreen,
});
