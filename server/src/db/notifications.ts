import pg from "pg";
import type { Db } from "./pool.ts";

const RECONNECT_MS = 1_000;

export type Listening = {
  /** Settles once LISTEN is first in effect (or the listener is closed): nothing sent after it is missed. */
  ready: Promise<void>;
  close(): Promise<void>;
};

/**
 * LISTEN on `channels` over a connection of its own (not one of the pool's, which it would hold
 * for ever), calling `onNotify` with each payload and its channel. A lost connection is made again
 * after a second, and `onNotify(null)` is called once it is back: whatever was notified meanwhile
 * is missed, so the listener looks again. NOTIFY is sent at commit, so a listener never sees an
 * uncommitted change.
 */
export function listen(
  db: Db,
  channels: string | readonly string[],
  onNotify: (payload: string | null, channel: string | null) => void,
): Listening {
  const names = [channels].flat();
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let isReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    isReady = resolve;
  });
  const connect = async (again: boolean) => {
    const next = new pg.Client(db.options);
    next.on("notification", (n) => names.includes(n.channel) && onNotify(n.payload ?? "", n.channel));
    next.on("error", () => retry(next));
    try {
      await next.connect();
      for (const name of names) await next.query(`LISTEN ${pg.escapeIdentifier(name)}`);
    } catch {
      return retry(next);
    }
    if (closed) return void next.end().catch(() => {});
    client = next;
    isReady();
    if (again) onNotify(null, null);
  };
  const retry = (failed: pg.Client) => {
    failed.end().catch(() => {});
    if (client === failed) client = null;
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect(true);
    }, RECONNECT_MS);
    timer.unref();
  };
  const started = connect(false);
  return {
    ready,
    async close() {
      closed = true;
      isReady();
      clearTimeout(timer);
      await started;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
