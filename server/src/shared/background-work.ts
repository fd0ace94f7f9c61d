/**
 * Work a server process does besides answering requests (自动整理, the refunds of AI calls that
 * ended with their client gone), kept track of so that shutdown can wait for it: closing the
 * pool under a refund would lose the refund.
 */
export type BackgroundWork = {
  /** Aborted at shutdown: provider calls end at once, and their spends are refunded. */
  signal: AbortSignal;
  /** Waited for by close(). */
  track<T>(work: Promise<T>): Promise<T>;
  /** Runs `fn` in `ms` (tracked), unless the process is shutting down by then. */
  later(ms: number, fn: () => Promise<unknown>): void;
  /** Stops the timers, aborts provider calls, and waits until every tracked piece of work settled. */
  close(): Promise<void>;
};

export function createBackgroundWork(): BackgroundWork {
  const shutdown = new AbortController();
  const running = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  const track = <T>(work: Promise<T>) => {
    running.add(work);
    const forget = () => running.delete(work);
    work.then(forget, forget);
    return work;
  };
  return {
    signal: shutdown.signal,
    track,
    later(ms, fn) {
      if (shutdown.signal.aborted) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        track(fn()).catch(() => {}); // fn reports its own failures
      }, ms);
      timer.unref();
      timers.add(timer);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      shutdown.abort(new Error("server shutting down"));
      // work may start more work (a failed call's refund): wait until none is left
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
