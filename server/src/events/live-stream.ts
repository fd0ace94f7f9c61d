import type { LiveEvent, LiveStreamEvents } from "@shinian/contract";
import type { SSEStreamingApi } from "hono/streaming";
import type { OutboxEvent } from "../webhooks/outbox.store.ts";

/** Writes waiting on a client that does not read: past this many it is cut off (it reconnects and replays). */
const MAX_PENDING_WRITES = 500;
/** Late ids remembered per stream so each goes out once (past it, a rare repeat: harmless, events are idempotent). */
const MAX_LATE_REMEMBERED = 1000;

export type EndReason = "client" | "lifetime" | "shutdown" | "backlog" | "revoked";

/**
 * One open GET /api/events: its account, its position (the last `id:` sent, never lower), and
 * its writes in order. Reads are the hub's (hub.ts); this only turns rows into SSE and ends.
 */
export class LiveStream {
  readonly userId: string;
  /** The session or access token that opened it. */
  readonly credentialId: string;
  cursor = 0;
  /** A read is under way (or the opening replay): a wake-up meanwhile asks for one more. */
  reading = true;
  again = false;
  ended: EndReason | null = null;
  /** `ready` is sent: the position is the stream's own (before it, an account change waits). */
  opened = false;
  /** An account change heard while opening, told once it is. */
  accountWaiting = false;
  sent = 0;
  private sse: SSEStreamingApi | null = null;
  private pending = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly lateSent = new Set<number>();
  private onEnd: (reason: EndReason) => void = () => {};

  constructor(userId: string, credentialId: string) {
    this.userId = userId;
    this.credentialId = credentialId;
  }

  attach(sse: SSEStreamingApi, onEnd: (reason: EndReason) => void): void {
    this.sse = sse;
    this.onEnd = onEnd;
    sse.onAbort(() => this.end("client"));
  }

  /** Sends rows as `change` events: in order above the position, and late ones once, at it. */
  sendRows(rows: readonly OutboxEvent[]): void {
    for (const row of rows) {
      if (row.late) {
        if (this.lateSent.has(row.id)) continue;
        if (this.lateSent.size >= MAX_LATE_REMEMBERED) this.lateSent.clear();
        this.lateSent.add(row.id);
      } else if (row.id > this.cursor) this.cursor = row.id;
      this.send("change", toLiveEvent(row), this.cursor);
    }
  }

  send<K extends keyof LiveStreamEvents>(event: K, data: LiveStreamEvents[K], id: number): void {
    if (this.ended || !this.sse) return;
    if (this.pending >= MAX_PENDING_WRITES) {
      this.end("backlog");
      return;
    }
    const sse = this.sse;
    if (event === "change") this.sent++;
    this.write(() => sse.writeSSE({ event, id: String(id), data: JSON.stringify(data) }));
  }

  /** What GET /api/auth/me tells changed (hub.ts): said at the stream's position, once it has one. */
  accountChanged(): void {
    if (this.opened) this.send("account", { changed: "unreadDigests" }, this.cursor);
    else this.accountWaiting = true;
  }

  /** A comment line, skipped while writes wait (the client is reading, or it is stuck). */
  heartbeat(): void {
    const sse = this.sse;
    if (!this.ended && sse && this.pending === 0) this.write(() => sse.write(": 心跳\n\n"));
  }

  end(reason: EndReason): void {
    if (this.ended) return;
    this.ended = reason;
    this.onEnd(reason);
  }

  /** Resolves once what was queued is written (or the client is gone). */
  flushed(): Promise<unknown> {
    return this.queue;
  }

  private write(fn: () => Promise<unknown>): void {
    this.pending++;
    this.queue = this.queue.then(fn).finally(() => this.pending--);
  }
}

export const toLiveEvent = (row: OutboxEvent): LiveEvent => ({
  type: row.type,
  id: row.itemId,
  itemType: row.itemType,
  at: row.at.toISOString(),
});
