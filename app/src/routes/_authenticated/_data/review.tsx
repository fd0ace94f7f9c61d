import { createFileRoute } from "@tanstack/react-router";
import { ReviewScreen } from "../../../features/review/review-screen.tsx";

export const Route = createFileRoute("/_authenticated/_data/review")({
  loader: () => void import("../../../data/prefetch.ts").then((m) => m.prefetchReview()),
  component: ReviewScreen,
});
