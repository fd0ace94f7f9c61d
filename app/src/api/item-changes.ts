import type {
  CreateAnnotationRequest,
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
/** 追加批注: a repeat of its clientId (the offline queue) answers the first. */
export const createAnnotation = (ideaId: string, body: CreateAnnotationRequest) =>
  call("createAnnotation", { params: { id: ideaId }, body });
/** An idea's 批注, oldest first. */
export const fetchAnnotations = (ideaId: string) =>
  call("listAnnotations", { params: { id: ideaId } }).then((r) => r.items);
