import { z } from "zod";
import { WEBHOOK_EVENTS } from "../webhooks/events.ts";

/**
 * One change on the live stream (GET /api/events): what happened and to which item, never its
 * words, so an item marked 不让AI读取 is told the same way. `id` is the item's (null for
 * review.ready); the SSE `id:` line beside it is the stream's position, for Last-Event-ID.
 */
export const LiveEventSchema = z.object({
  type: z.enum(WEBHOOK_EVENTS),
  id: z.string().nullable(),
  itemType: z.enum(["idea", "note", "review"]),
  at: z.string(),
});
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/** The stream's events by name: `change` per item change; `reload` when too much was missed to replay. */
export const LiveStreamEventSchemas = {
  /** Sent first: the stream is open (its `id:` line is the position to resume from). */
  ready: z.object({}),
  change: LiveEventSchema,
  /**
   * What GET /api/auth/me tells of the account changed (the unread 周报/月报 count: a digest saved,
   * or read on any device): read it again. Not replayed: read it again on every reconnect too.
   */
  account: z.object({ changed: z.enum(["unreadDigests"]) }),
  /** More than an hour or 1,000 events were missed: refetch everything, then carry on. */
  reload: z.object({ reason: z.string() }),
};
export type LiveStreamEvents = {
  [K in keyof typeof LiveStreamEventSchemas]: z.infer<(typeof LiveStreamEventSchemas)[K]>;
};
