import { createFileRoute } from "@tanstack/react-router";
import { TagCleanupScreen } from "../../../features/tags/tag-cleanup-screen.tsx";

export const Route = createFileRoute("/_authenticated/_data/tag-cleanup")({ component: TagCleanupScreen });
