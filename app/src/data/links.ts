import type { LinkRef, ResolvedLink } from "@shinian/contract";
import { queryOptions } from "@tanstack/react-query";
import { call } from "../api/client.ts";

/** 被引用 of an idea or note: who links to it now (a save elsewhere shows on the next visit). */
export const backlinksQuery = (type: "idea" | "note", id: string) =>
  queryOptions({
    queryKey: ["backlinks", type, id] as const,
    queryFn: () => call("itemBacklinks", { params: { type, id } }),
    staleTime: 0,
  });

const MAX_REFS = 100;
type Waiting = { ref: LinkRef; resolve: (link: ResolvedLink) => void; reject: (error: unknown) => void };
let waiting: Waiting[] = [];

/** The links a screen's texts show, asked in one request per 100 (every chip of a feed at once). */
function flush() {
  const batch = waiting;
  waiting = [];
  for (let at = 0; at < batch.length; at += MAX_REFS) {
    const part = batch.slice(at, at + MAX_REFS);
    call("resolveLinks", { body: { refs: part.map((w) => w.ref) } }).then(
      ({ items }) => {
        for (const [n, w] of part.entries()) w.resolve(items[n]!);
      },
      (error) => {
        for (const w of part) w.reject(error);
      },
    );
  }
}

function resolveLink(ref: LinkRef): Promise<ResolvedLink> {
  return new Promise((resolve, reject) => {
    if (!waiting.length) setTimeout(flush, 0);
    waiting.push({ ref, resolve, reject });
  });
}

/** What a link points at now: asked again whenever a chip for it appears, so a rename shows. */
export const linkTargetQuery = (ref: LinkRef) =>
  queryOptions({
    queryKey: ["link", ref.type, ref.id] as const,
    queryFn: () => resolveLink(ref),
    staleTime: 0,
  });
