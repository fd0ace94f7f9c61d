import type { ItemRef } from "@shinian/contract";
import { call } from "./client.ts";

export const listConversations = (subject?: ItemRef) =>
  call("listConversations", { query: subject ? { subjectType: subject.type, subjectId: subject.id } : {} });
export const createConversation = (subject?: ItemRef) =>
  call("createConversation", { body: subject ? { subject } : {} });
export const renameConversation = (id: string, title: string) =>
  call("renameConversation", { params: { id }, body: { title } });
export const deleteConversation = (id: string) => call("deleteConversation", { params: { id } });
export const fetchMessages = (id: string) => call("listMessages", { params: { id } });

export const tidyIdea = (id: string) => call("tidyIdea", { params: { id } });
export const fetchVersions = (id: string) => call("listIdeaVersions", { params: { id } });
export const applyVersion = (id: string, versionId: string) =>
  call("applyIdeaVersion", { params: { id, versionId } });
export const composeNote = (ideaIds: string[]) => call("composeNote", { body: { ideaIds } });
/** `baseUpdatedAt`: the version the person saw; changed elsewhere since, 409 with the current one. */
export const restoreOriginal = (id: string, baseUpdatedAt: string) =>
  call("restoreIdeaOriginal", { params: { id }, body: { baseUpdatedAt } });
