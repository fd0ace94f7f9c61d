import type { LiveEvent } from "@shinian/contract";
import { EventSourceParserStream } from "eventsource-parser/stream";
import { isApiError, response } from "./client.ts";

export type LiveHandlers = {
  onEvent: (event: LiveEvent) => void;
  onReload: () => void;
  /** What GET /api/auth/me tells changed (the unread 周报/月报 count). */
  onAccount: () => void;
  /** `resumed`: it went on from the last position (nothing missed); otherwise it started afresh. */
  onConnected: (connected: boolean, resumed?: boolean) => void;
};

/** Waits before reconnecting: 1 s, doubling to 30 s, with jitter so devices do not come back together. */
const backoff = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Follows GET /api/events with fetch (the session's Bearer header, never a token in the URL) until
 * `signal` aborts: each `id:` is kept and sent back as Last-Event-ID on reconnect, so nothing is
 * missed (or the server says reload). A stream the server ends (its lifetime, a restart) is opened
 * again at once; a failure after a growing pause. A 401 ends it (the client signs the person out).
 */
export async function followLiveEvents(signal: AbortSignal, on: LiveHandlers): Promise<void> {
  let lastId: string | undefined;
  let failures = 0;
  while (!signal.aborted) {
    let opened = false;
    try {
      const res = await response("liveEvents", {
        signal,
        headers: lastId ? { "Last-Event-ID": lastId } : {},
      });
      if (!res.body) throw new Error("no body");
      const resumed = lastId !== undefined;
      const events = res.body
        .pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream())
        .getReader();
      for (;;) {
        const { done, value } = await events.read();
        if (done) break;
        if (value.id) lastId = value.id;
        if (value.event === "ready") {
          opened = true;
          failures = 0;
          on.onConnected(true, resumed);
        } else if (value.event === "change") on.onEvent(JSON.parse(value.data) as LiveEvent);
        else if (value.event === "reload") on.onReload();
        else if (value.event === "account") on.onAccount();
      }
      // ended before it opened: a fault, not the stream's lifetime; wait before the next try
      if (!opened) failures++;
    } catch (error) {
      if (signal.aborted || (isApiError(error) && error.status === 401)) break;
      failures++;
    } finally {
      on.onConnected(false);
    }
    if (failures) await sleep(backoff(failures - 1), signal);
  }
}
