import { z } from "zod";
import { CursorSchema, LimitSchema, pageOf, TimestampSchema } from "./common.ts";

export const PointsCostsSchema = z.object({
  chatReply: z.number().int(),
  tidyIdea: z.number().int(),
  composeNote: z.number().int(),
  /** A recording turned into text (POINTS_TRANSCRIBE). */
  transcribe: z.number().int(),
});
export type PointsCosts = z.infer<typeof PointsCostsSchema>;

export const PointsReasonSchema = z.enum([
  "register_bonus",
  "grant",
  "chat_reply",
  "tidy_idea",
  "compose_note",
  "embed_items",
  "transcribe_audio",
  "refund",
]);
export type PointsReason = z.infer<typeof PointsReasonSchema>;

export const PointsSchema = z.object({ balance: z.number().int(), costs: PointsCostsSchema });
export type Points = z.infer<typeof PointsSchema>;

export const LedgerEntrySchema = z.object({
  id: z.string(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  reason: PointsReasonSchema,
  note: z.string().nullable(),
  createdAt: TimestampSchema,
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;
export const LedgerPageSchema = pageOf(LedgerEntrySchema);
export const LedgerQuerySchema = z.strictObject({ cursor: CursorSchema.optional(), limit: LimitSchema });
