import { z } from "zod";
import { AnnotationAttachmentIdsSchema, AttachmentSchema } from "../attachments/schemas.ts";
import { IdSchema, TimestampSchema } from "../common.ts";
import { ANNOTATION_MAX_CHARS } from "../constants.ts";

/** 批注: a short dated follow-up under an idea. */
export const AnnotationSchema = z.object({
  id: IdSchema,
  content: z.string(),
  createdAt: TimestampSchema,
  /** Its pictures and recording, in order (always given by the thread's list and by 追加批注). */
  attachments: z.array(AttachmentSchema).optional(),
});
export type Annotation = z.infer<typeof AnnotationSchema>;

/** An idea's whole thread, oldest first (at most ANNOTATIONS_PER_IDEA_MAX). */
export const AnnotationListSchema = z.object({ items: z.array(AnnotationSchema) });
export type AnnotationList = z.infer<typeof AnnotationListSchema>;

export const CreateAnnotationRequestSchema = z.strictObject({
  /** `#标签` typed in it are added to the idea's tags, as in a capture. */
  content: z
    .string({ message: "请输入批注内容" })
    .max(ANNOTATION_MAX_CHARS, { message: `批注最多 ${ANNOTATION_MAX_CHARS} 个字符` })
    .refine((v) => v.trim().length > 0, { message: "批注内容不能为空" }),
  /**
   * A UUID the client made for this 批注 (the offline queue): a repeat creates nothing and answers
   * 200 with the first one.
   */
  clientId: z.uuid({ message: "clientId 须为 UUID" }).optional(),
  /** When it was written (ISO 8601 with offset): never in the future, at most 7 days back. */
  capturedAt: TimestampSchema.optional(),
  /** Files from POST /api/attachments, not yet on another item: as an idea's, 9 pictures and 1 recording. */
  attachmentIds: AnnotationAttachmentIdsSchema.optional(),
});
export type CreateAnnotationRequest = z.input<typeof CreateAnnotationRequestSchema>;
