import type { LiveStreamEvents } from "@shinian/contract";
import { createParser } from "eventsource-parser";
import type { TestCtx } from "../helpers.ts";

export type Received = {
  [K in keyof LiveStreamEvents]: { event: K; id: string | undefined; data: LiveStreamEvents[K] };
}[keyof LiveStreamEvents];

/** An open GET /api/events as a device reads it: every event kept, and a wait for the next that fits. */
export type LiveReader = {
  status: number;
  events: Received[];
  /** The first event from `from` on (default: any not yet waited for) that `fits`, or a failure after `ms`. */
  next(fits: (e: Received) => boolean, ms?: number): Promise<Received>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): Promise<void>;
};

export function readLive(res: Response): LiveReader {
  const events: Received[] = [];
  const waiters = new Set<() => void>();
  let taken = 0;
  const parser = createParser({
    onEvent: (e) => {
      events.push({ event: e.event, id: e.id, data: JSON.parse(e.data) } as Received);
      for (const wake of waiters) wake();
    },
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      parser.feed(value!);
    }
  })();
  return {
    status: res.status,
    events,
    ended,
    next(fits, ms = 5000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const i = events.findIndex((e, at) => at >= taken && fits(e));
          if (i < 0) return false;
          taken = i + 1;
          waiters.delete(look);
          clearTimeout(timer);
          resolve(events[i]!);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no such event within ${ms} ms; got ${JSON.stringify(events)}`));
        }, ms);
        if (!look()) waiters.add(look);
      });
    },
    async close() {
      await reader.cancel().catch(() => {});
    },
  };
}

/** Opens the stream through the app (in this process), as `token`, resuming after `lastEventId`. */
export async function openLive(ctx: TestCtx, token: string, lastEventId?: string): Promise<LiveReader> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (lastEventId !== undefined) headers["last-event-id"] = lastEventId;
  return readLive(await ctx.app.request("/api/events", { headers }));
}

export const isChange = (type: string, id?: string) => (e: Received) =>
  e.event === "change" && e.data.type === type && (id === undefined || e.data.id === id);
export const isEvent = (name: Received["event"]) => (e: Received) => e.event === name;
