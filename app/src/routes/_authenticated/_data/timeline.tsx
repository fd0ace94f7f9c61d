import { PageLoading } from "@shinian/ui";
import { createFileRoute } from "@tanstack/react-router";
import * as React from "react";

// The screen is read in the screen's own chunk (it trims and checks `tag` and `q`): the route
// tree, which 首页 loads, carries only this route's name and one chunk's.
const TimelineScreen = React.lazy(() => import("../../../features/timeline/timeline-screen.tsx"));

export const Route = createFileRoute("/_authenticated/_data/timeline")({
  component: TimelinePage,
});

function TimelinePage() {
  const { tag, q } = Route.useSearch() as { tag?: unknown; q?: unknown };
  return (
    <React.Suspense fallback={<PageLoading />}>
      <TimelineScreen key={`${tag}\n${q}`} tag={tag} q={q} />
    </React.Suspense>
  );
}
