import { z } from "zod";
import { CursorSchema, IdSchema, TimestampSchema } from "../common.ts";
import { NoteSchema } from "./schemas.ts";

/** 历史版本 in a list: a note as it was before a save changed it, without its text. */
export const NoteVersionHeaderSchema = z.object({
  versionId: IdSchema,
  /** When this version was saved (the note's `updatedAt` while it was the current one). */
  savedAt: TimestampSchema,
  title: z.string(),
  /** With the tag renames made since it was saved (restoring it applies them too). */
  tags: z.array(z.string()),
  /** Characters of its text. */
  length: z.number().int().min(0),
});
export type NoteVersionHeader = z.infer<typeof NoteVersionHeaderSchema>;

/** One version with its text (up to 200,000 characters), fetched when chosen. */
export const NoteVersionSchema = NoteVersionHeaderSchema.extend({ content: z.string() });
export type NoteVersion = z.infer<typeof NoteVersionSchema>;

/** Newest first, headers only: the texts come one at a time (noteVersion). */
export const NoteHistorySchema = z.object({
  items: z.array(NoteVersionHeaderSchema),
  nextCursor: z.string().nullable(),
});
export type NoteHistory = z.infer<typeof NoteHistorySchema>;

export const NOTE_HISTORY_PAGE_MAX = 50;
export const NoteHistoryQuerySchema = z.strictObject({
  cursor: CursorSchema.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, { message: "limit 至少为 1" })
    .max(NOTE_HISTORY_PAGE_MAX, { message: `limit 最多为 ${NOTE_HISTORY_PAGE_MAX}` })
    .default(20),
});

/** With `baseUpdatedAt`, a note saved elsewhere meanwhile is not overwritten (409, as for an edit). */
export const RestoreNoteVersionRequestSchema = z.strictObject({ baseUpdatedAt: TimestampSchema.optional() });
export type RestoreNoteVersionRequest = z.input<typeof RestoreNoteVersionRequestSchema>;

/** The note as restored, and how many of the version's images were left out (deleted since, for good). */
export const RestoredNoteSchema = NoteSchema.extend({ droppedImages: z.number().int().min(0) });
export type RestoredNote = z.infer<typeof RestoredNoteSchema>;
