import { createFileRoute } from "@tanstack/react-router";
import type { FeedType } from "../../api/items.ts";
import { HomeScreen } from "../../features/home/home-screen.tsx";

type HomeSearch = { q?: string; type?: FeedType; tag?: string };

export const Route = createFileRoute("/_authenticated/")({
  validateSearch: (search: Record<string, unknown>): HomeSearch => {
    const out: HomeSearch = {};
    if (typeof search.q === "string" && search.q.trim()) out.q = search.q.trim();
    if (search.type === "idea" || search.type === "note") out.type = search.type;
    if (typeof search.tag === "string" && search.tag) out.tag = search.tag;
    return out;
  },
  component: HomeScreen,
});
