import { z } from "zod";
import { CursorSchema, LimitSchema, pageOf, TimestampSchema } from "../common.ts";

export const PointsCostsSchema = z.object({
  chatReply: z.number().int(),
  tidyIdea: z.number().int(),
  composeNote: z.number().int(),
  /** A recording turned into text (the server's limit pointCosts.transcribe). */
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
  "insight",
  "refund",
]);
export type PointsReason = z.infer<typeof PointsReasonSchema>;

export const PointsSchema = z.object({ balance: z.number().int(), costs: PointsCostsSchema });
export type Points = z.infer<typeof PointsSchema>;

/**
 * What a ledger line paid for, while it still exists: the idea tidied (or the idea or note a
 * transcribed recording is on), the note composed, the conversation answered (a side chat's: the
 * idea or note it is about). A refund links to what its spend paid for.
 */
export const LedgerItemSchema = z.object({
  type: z.enum(["idea", "note", "conversation"]),
  id: z.string(),
});
export type LedgerItem = z.infer<typeof LedgerItemSchema>;

export const LedgerEntrySchema = z.object({
  id: z.string(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  reason: PointsReasonSchema,
  note: z.string().nullable(),
  /** null: a grant, a line from before items were recorded, or one whose item is gone (deleted, in 回收站). */
  item: LedgerItemSchema.nullable().optional(),
  createdAt: TimestampSchema,
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;
export const LedgerPageSchema = pageOf(LedgerEntrySchema);
export const LedgerQuerySchema = z.strictObject({ cursor: CursorSchema.optional(), limit: LimitSchema });
