import { createFileRoute } from "@tanstack/react-router";
import type { FeedType } from "../../api/items.ts";
import { startFirstPage } from "../../features/home/first-page.ts";
import { HomeScreen } from "../../features/home/home-screen.tsx";

type HomeSearch = { q?: string; type?: FeedType; tag?: string; shared?: string };

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** What another app shared (manifest share_target: ?title=&text=&url=), as one text for the composer. */
function sharedText(search: Record<string, unknown>): string | undefined {
  const parts = [text(search.title), text(search.text), text(search.url)].filter(Boolean);
  // Many apps put the link inside `text` as well: keep each piece once.
  const kept = parts.filter(
    (part, i) => parts.indexOf(part) === i && !parts.some((o) => o !== part && o.includes(part)),
  );
  return kept.length ? kept.join("\n").slice(0, 10_000) : undefined;
}

export const Route = createFileRoute("/_authenticated/")({
  validateSearch: (search: Record<string, unknown>): HomeSearch => {
    const out: HomeSearch = {};
    if (typeof search.q === "string" && search.q.trim()) out.q = search.q.trim();
    if (search.type === "idea" || search.type === "note") out.type = search.type;
    if (typeof search.tag === "string" && search.tag) out.tag = search.tag;
    const shared = typeof search.shared === "string" ? search.shared : sharedText(search);
    if (shared) out.shared = shared;
    return out;
  },
  loaderDeps: ({ search }) => ({ type: search.type ?? "all", tag: search.tag }),
  loader: ({ deps }) => startFirstPage(deps),
  component: HomeScreen,
});
