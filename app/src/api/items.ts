import type {
  CreateIdeaRequest,
  CreateNoteRequest,
  ItemEditsRequest,
  UpdateIdeaRequest,
  UpdateNoteRequest,
} from "@shinian/contract";
import { call } from "./client.ts";

export type FeedType = "all" | "idea" | "note";

export const fetchFeed = (query: { type: FeedType; tag?: string; cursor?: string | null }) =>
  call("feed", { query: { type: query.type, tag: query.tag, cursor: query.cursor ?? undefined } });

export const search = (q: string) => call("search", { query: { q } });
export const fetchRelated = (kind: "idea" | "note", id: string) =>
  call(kind === "idea" ? "relatedToIdea" : "relatedToNote", { params: { id } });

export const createIdea = (body: CreateIdeaRequest) => call("createIdea", { body });
export const fetchIdea = (id: string) => call("getIdea", { params: { id } });
export const updateIdea = (id: string, body: UpdateIdeaRequest) =>
  call("updateIdea", { params: { id }, body });
export const deleteIdea = (id: string) => call("deleteIdea", { params: { id } });

export const createNote = (body: CreateNoteRequest) => call("createNote", { body });
export const fetchNote = (id: string) => call("getNote", { params: { id } });
export const updateNote = (id: string, body: UpdateNoteRequest) =>
  call("updateNote", { params: { id }, body });
export const deleteNote = (id: string) => call("deleteNote", { params: { id } });
/** Several items' tags (and words) in one request: all changed, or none (409). */
export const editItems = (edits: ItemEditsRequest["edits"]) => call("editItems", { body: { edits } });

/** The ideas 自动整理 is still working on (the newest 100): one request for every watcher. */
export const fetchPendingIdeaIds = () =>
  call("listIdeas", { query: { aiStatus: "pending", limit: 100 } }).then(
    (page) => new Set(page.items.map((idea) => idea.id)),
  );
