import { createFileRoute } from "@tanstack/react-router";
import { ChatScreen } from "../../features/pages/coming-soon.tsx";

/** `q`: a question handed over by 问AI (search results, item detail). */
type ChatSearch = { q?: string };

export const Route = createFileRoute("/_authenticated/chat")({
  validateSearch: (search: Record<string, unknown>): ChatSearch =>
    typeof search.q === "string" && search.q.trim() ? { q: search.q.trim() } : {},
  component: ChatScreen,
});
