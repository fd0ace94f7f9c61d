import { createFileRoute } from "@tanstack/react-router";
import { UserGuideScreen } from "../../features/guide/user-guide-screen.tsx";

export const Route = createFileRoute("/_authenticated/help")({ component: UserGuideScreen });
