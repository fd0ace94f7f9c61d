import { createFileRoute } from "@tanstack/react-router";
import { IdeaDetailScreen } from "../../../../features/ideas/item-detail-screen.tsx";

export const Route = createFileRoute("/_authenticated/ideas/$id/")({ component: IdeaDetailScreen });
