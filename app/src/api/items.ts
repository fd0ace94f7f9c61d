import type { CreateNoteRequest } from "@shinian/contract";
import { call } from "./client.ts";

// What 首页's first screen calls (its loader reads the feed in the router's chunk): the other item
// calls are in item-changes.ts and search.ts, loaded with the screens that make them.

export type FeedType = "all" | "idea" | "note";

export const fetchFeed = (query: { type: FeedType; tag?: string; cursor?: string | null }) =>
  call("feed", { query: { type: query.type, tag: query.tag, cursor: query.cursor ?? undefined } });

export const fetchIdea = (id: string) => call("getIdea", { params: { id } });

export const createNote = (body: CreateNoteRequest) => call("createNote", { body });
export const fetchNote = (id: string) => call("getNote", { params: { id } });

/** The ideas 自动整理 is still working on (the newest 100): one request for every watcher. */
export const fetchPendingIdeaIds = () =>
  call("listIdeas", { query: { aiStatus: "pending", limit: 100 } }).then(
    (page) => new Set(page.items.map((idea) => idea.id)),
  );
