import { createFileRoute } from "@tanstack/react-router";
import { ProfileScreen } from "../../../features/profile/profile-screen.tsx";

export const Route = createFileRoute("/_authenticated/_data/profile")({
  loader: () => void import("../../../data/prefetch.ts").then((m) => m.prefetchProfile()),
  component: ProfileScreen,
});
