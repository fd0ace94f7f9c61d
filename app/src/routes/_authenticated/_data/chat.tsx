import { createFileRoute } from "@tanstack/react-router";
import { ChatScreen } from "../../../features/chat/chat-screen.tsx";

/** `q`: a question handed over by 问AI (search results, item detail); `c`: the open conversation. */
type ChatSearch = { q?: string; c?: string };

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

export const Route = createFileRoute("/_authenticated/_data/chat")({
  validateSearch: (search: Record<string, unknown>): ChatSearch => {
    const out: ChatSearch = {};
    const q = text(search.q);
    const c = text(search.c);
    if (q) out.q = q;
    if (c && /^[0-9a-f-]{36}$/i.test(c)) out.c = c;
    return out;
  },
  loader: () => void import("../../../data/prefetch.ts").then((m) => m.prefetchChat()),
  component: ChatScreen,
});
