import { z } from "zod";
import { IdSchema } from "./common.ts";

/** Images one idea may carry (a note may carry as many as its Markdown refers to, up to the note limit). */
export const IDEA_MAX_ATTACHMENTS = 9;
export const NOTE_MAX_ATTACHMENTS = 100;

/**
 * An uploaded file as the API answers it. `url` and `thumbnailUrl` are signed and expire (an
 * `<img>` cannot send the bearer token): ask for the item again for fresh ones. Markdown refers to
 * a file as `attachment:{id}`, never by these URLs.
 */
export const AttachmentSchema = z.object({
  id: IdSchema,
  kind: z.enum(["image"]),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** Bytes stored (the image without its metadata, and its thumbnail), counted toward the storage quota. */
  size: z.number().int().nonnegative(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

const attachmentIds = (max: number, what: string) =>
  z
    .array(IdSchema)
    .max(max, { message: `${what}最多 ${max} 张图片` })
    .transform((ids) => [...new Set(ids)]);

/** On create and update: the item's files, in order; on update, the whole set (one left out is deleted). */
export const IdeaAttachmentIdsSchema = attachmentIds(IDEA_MAX_ATTACHMENTS, "每条想法");
export const NoteAttachmentIdsSchema = attachmentIds(NOTE_MAX_ATTACHMENTS, "每篇笔记");

/** The signed query of GET /api/files/{id} and …/thumb. */
export const FileQuerySchema = z.strictObject({
  exp: z.coerce.number().int().nonnegative(),
  sig: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});
