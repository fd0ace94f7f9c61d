import { createFileRoute } from "@tanstack/react-router";
import { OriginalIdeaScreen } from "../../../../features/ideas/original-idea-screen.tsx";

export const Route = createFileRoute("/_authenticated/ideas/$id/original")({ component: OriginalIdeaScreen });
