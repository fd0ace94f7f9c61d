import { call } from "./client.ts";

/** 历史版本 of a note, newest first, a page at a time, without their texts. */
export const fetchNoteHistory = (id: string, cursor?: string) =>
  call("noteHistory", { params: { id }, query: { cursor } });
/** One version with its text, fetched when chosen. */
export const fetchNoteVersion = (id: string, versionId: string) =>
  call("noteVersion", { params: { id, versionId } });
/** 恢复此版本: a save, refused (409) when the note was saved elsewhere since `baseUpdatedAt`. */
export const restoreNoteVersion = (id: string, versionId: string, baseUpdatedAt: string) =>
  call("restoreNoteVersion", { params: { id, versionId }, body: { baseUpdatedAt } });
