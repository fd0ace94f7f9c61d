import type { SSEStreamingApi } from "hono/streaming";
import type { AppDeps } from "../context.ts";
import type { Logger } from "../logger.ts";
import type { OutboxRead } from "../webhooks/outbox.store.ts";
import type { EventHub } from "./hub.ts";
import type { EndReason, LiveStream } from "./live-stream.ts";

type Opening = {
  deps: AppDeps;
  hub: EventHub;
  stream: LiveStream;
  sse: SSEStreamingApi;
  /** Last-Event-ID, or null on a first connection. */
  after: number | null;
  logger: Logger;
};

/**
 * Why a reconnect cannot be replayed: more than replayMaxEvents missed, one of them older than
 * replayMaxAgeMs, or the outbox no longer holds the position (pruned) while ids were taken since.
 */
function reloadReason(read: OutboxRead, after: number, limits: AppDeps["config"]["events"]): string | null {
  const missed = read.events.filter((e) => !e.late);
  if (missed.length > limits.replayMaxEvents) return "too-many";
  if (missed.some((e) => read.now.getTime() - e.at.getTime() > limits.replayMaxAgeMs)) return "too-old";
  if (after > 0 && read.afterAt === null && read.position > after) return "unknown-position";
  return null;
}

/**
 * A stream's life: wait for LISTEN, replay from Last-Event-ID (or `reload`), `ready` with the
 * position, then follow until the client leaves, maxStreamMs passes or the server stops; a
 * heartbeat comment meanwhile. Logs one line when it ends (the request's own line is written when
 * the answer starts).
 */
export async function openStream({ deps, hub, stream, sse, after, logger }: Opening): Promise<void> {
  const limits = deps.config.events;
  const started = performance.now();
  let finish: (reason: EndReason) => void = () => {};
  const ended = new Promise<EndReason>((resolve) => {
    finish = resolve;
  });
  stream.attach(sse, finish);
  const lifetime = setTimeout(() => stream.end("lifetime"), limits.maxStreamMs);
  const heartbeat = setInterval(() => stream.heartbeat(), limits.heartbeatMs);
  try {
    await hub.listeningReady();
    // revoked between the request's sign-in and LISTEN: no notification told this stream
    await hub.recheck([stream]);
    if (stream.ended) return;
    const read = await hub.read(stream, after ?? 0, after === null ? 0 : limits.replayMaxEvents + 1);
    const reload = after === null ? null : reloadReason(read, after, limits);
    stream.cursor = Math.max(after ?? 0, read.position);
    if (reload) stream.send("reload", { reason: reload }, stream.cursor);
    else {
      stream.cursor = after ?? 0;
      stream.sendRows(read.events);
      stream.cursor = Math.max(stream.cursor, read.position);
    }
    stream.send("ready", {}, stream.cursor);
    stream.opened = true;
    if (stream.accountWaiting) stream.accountChanged();
    stream.reading = false;
    if (stream.again) hub.follow(stream);
    const reason = await ended;
    if (reason !== "client") await stream.flushed();
    logger.info("event stream ended", {
      reason,
      events: stream.sent,
      ms: Math.round(performance.now() - started),
    });
  } catch (err) {
    logger.warn("event stream failed", { err });
  } finally {
    clearTimeout(lifetime);
    clearInterval(heartbeat);
    stream.end("client");
    hub.release(stream);
  }
}
