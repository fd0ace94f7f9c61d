import { z } from "zod";
import { IdSchema } from "../common.ts";
import { IDEA_MAX_ATTACHMENTS, NOTE_MAX_ATTACHMENTS } from "../constants.ts";

/**
 * An uploaded file as the API answers it. `url` and `thumbnailUrl` are signed and expire (an
 * `<img>` cannot send the bearer token): ask for the item again for fresh ones. Markdown refers to
 * a file as `attachment:{id}`, never by these URLs.
 */
export const AttachmentSchema = z.object({
  id: IdSchema,
  /** `audio`: a voice note as recorded (WebM/Opus, Ogg, MP4/M4A, MP3 or WAV), without a thumbnail. */
  kind: z.enum(["image", "audio"]),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** Bytes stored (the image without its metadata and its thumbnail, or the recording), counted toward the storage quota. */
  size: z.number().int().nonnegative(),
  /**
   * A recording's length in milliseconds, as the recorder measured it (sent with the upload as
   * `durationMs`); null when not known (recorded elsewhere, or before issue 29). Absent on images.
   */
  durationMs: z.number().int().positive().nullable().optional(),
});

/** The longest `durationMs` an upload may say: far past MAX_RECORDING_MS, short of nonsense. */
export const MAX_RECORDING_DURATION_MS = 6 * 60 * 60_000;
export type Attachment = z.infer<typeof AttachmentSchema>;

const attachmentIds = (max: number, what: string) =>
  z
    .array(IdSchema)
    .max(max, { message: `${what}最多 ${max} 个附件` })
    .transform((ids) => [...new Set(ids)]);

/**
 * On create and update: the item's files, in order; on update, the whole set (one left out is
 * deleted). An idea's are also held to IDEA_MAX_IMAGES pictures and IDEA_MAX_RECORDINGS recordings.
 */
export const IdeaAttachmentIdsSchema = attachmentIds(IDEA_MAX_ATTACHMENTS, "每条想法");
export const NoteAttachmentIdsSchema = attachmentIds(NOTE_MAX_ATTACHMENTS, "每篇笔记");
export const AnnotationAttachmentIdsSchema = attachmentIds(IDEA_MAX_ATTACHMENTS, "每条批注");

/** The signed query of GET /api/files/{id} and …/thumb. */
export const FileQuerySchema = z.strictObject({
  exp: z.coerce.number().int().nonnegative(),
  sig: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});

/**
 * POST /api/attachments/{id}/transcribe. `aiExcluded`: the capture the recording belongs to is
 * marked 不让AI读取 (the idea may not be saved yet): refused, nothing is sent. A recording already
 * on an idea marked so is refused whatever the body says.
 */
export const TranscribeRequestSchema = z.strictObject({ aiExcluded: z.boolean().optional() });
export type TranscribeRequest = z.input<typeof TranscribeRequestSchema>;

/** The recording's words, for the person to edit before saving; `cost` points were spent, `balance` is left. */
export const TranscriptionSchema = z.object({
  text: z.string(),
  cost: z.number().int().nonnegative(),
  balance: z.number().int(),
});
export type Transcription = z.infer<typeof TranscriptionSchema>;
