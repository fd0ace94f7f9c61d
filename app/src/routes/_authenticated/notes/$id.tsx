import { createFileRoute } from "@tanstack/react-router";
import { NoteDetailScreen } from "../../../features/ideas/item-detail-screen.tsx";

export const Route = createFileRoute("/_authenticated/notes/$id")({ component: NoteDetailScreen });
