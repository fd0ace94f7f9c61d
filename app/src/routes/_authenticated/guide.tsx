import { createFileRoute } from "@tanstack/react-router";
import { GuideScreen } from "../../features/guide/guide-screen.tsx";

export const Route = createFileRoute("/_authenticated/guide")({ component: GuideScreen });
