import type {
  CreateIdeaRequest,
  CreateNoteRequest,
  FeedItem,
  Idea,
  Note,
  Page,
  SearchItem,
  UpdateIdeaRequest,
  UpdateNoteRequest,
} from "@shinian/contract";
import { api } from "./client.ts";

export type FeedType = "all" | "idea" | "note";

export const fetchFeed = (query: { type: FeedType; tag?: string; cursor?: string | null }) =>
  api.get<Page<FeedItem>>("/feed", {
    searchParams: { type: query.type, tag: query.tag, cursor: query.cursor ?? undefined },
  });

export const search = (q: string) => api.get<{ items: SearchItem[] }>("/search", { searchParams: { q } });

export const createIdea = (body: CreateIdeaRequest) => api.post<Idea>("/ideas", { json: body });
export const fetchIdea = (id: string) => api.get<Idea>(`/ideas/${encodeURIComponent(id)}`);
export const updateIdea = (id: string, body: UpdateIdeaRequest) =>
  api.patch<Idea>(`/ideas/${encodeURIComponent(id)}`, { json: body });
export const deleteIdea = (id: string) => api.delete<null>(`/ideas/${encodeURIComponent(id)}`);

export const createNote = (body: CreateNoteRequest) => api.post<Note>("/notes", { json: body });
export const fetchNote = (id: string) => api.get<Note>(`/notes/${encodeURIComponent(id)}`);
export const updateNote = (id: string, body: UpdateNoteRequest) =>
  api.patch<Note>(`/notes/${encodeURIComponent(id)}`, { json: body });
export const deleteNote = (id: string) => api.delete<null>(`/notes/${encodeURIComponent(id)}`);
