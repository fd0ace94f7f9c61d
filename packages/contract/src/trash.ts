import { z } from "zod";
import { IdSchema, TimestampSchema } from "./common.ts";

/** A deleted idea or note, restorable until `purgeAt`. */
export const TrashItemSchema = z.object({
  type: z.enum(["idea", "note"]),
  id: IdSchema,
  title: z.string(),
  /** The first 200 characters of its text. */
  preview: z.string(),
  deletedAt: TimestampSchema,
  /** When it is deleted for good. */
  purgeAt: TimestampSchema,
});
export type TrashItem = z.infer<typeof TrashItemSchema>;

export const TrashListSchema = z.object({
  items: z.array(TrashItemSchema),
  /** How many days a deleted item is kept (the server's TRASH_DAYS). */
  keepDays: z.number().int().positive(),
});
export type TrashList = z.infer<typeof TrashListSchema>;

export const RestoredSchema = z.object({ type: z.enum(["idea", "note"]), id: IdSchema });
export const EmptiedSchema = z.object({ deleted: z.number().int().nonnegative() });
