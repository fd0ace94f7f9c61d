import type {
  CreateIdeaRequest,
  ItemEditsRequest,
  UpdateIdeaRequest,
  UpdateNoteRequest,
} from "@shinian/contract";
import { call } from "./client.ts";

export const createIdea = (body: CreateIdeaRequest) => call("createIdea", { body });
export const updateIdea = (id: string, body: UpdateIdeaRequest) =>
  call("updateIdea", { params: { id }, body });
export const deleteIdea = (id: string) => call("deleteIdea", { params: { id } });
export const updateNote = (id: string, body: UpdateNoteRequest) =>
  call("updateNote", { params: { id }, body });
export const deleteNote = (id: string) => call("deleteNote", { params: { id } });
/** Several items' tags (and words) in one request: all changed, or none (409). */
export const editItems = (edits: ItemEditsRequest["edits"]) => call("editItems", { body: { edits } });
