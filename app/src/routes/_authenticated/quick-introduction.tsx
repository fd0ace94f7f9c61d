import { createFileRoute } from "@tanstack/react-router";
import { QuickIntroductionScreen } from "../../features/guide/quick-introduction-screen.tsx";

export const Route = createFileRoute("/_authenticated/quick-introduction")({
  component: QuickIntroductionScreen,
});
