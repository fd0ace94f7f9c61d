type Turns = { running: number; waiting: (() => void)[] };

/**
 * At most `running` calls at once per user in this process, and up to `waiting` more queued
 * behind them (first come, first served); beyond that `refuse()` is thrown at once. One account's
 * parallel searches then take at most `running` connections' worth of PostgreSQL's CPU, whatever
 * its client sends, and the cores stay free for everyone else (docs/benchmarks-history.md, npm run bench -- notes).
 * `running` 0 means no limit.
 */
export function perUserSlots(running: number, waiting: number) {
  const users = new Map<string, Turns>();
  return async function inSlot<T>(userId: string, work: () => Promise<T>, refuse: () => Error): Promise<T> {
    if (running <= 0) return work();
    const turns = users.get(userId) ?? { running: 0, waiting: [] };
    users.set(userId, turns);
    if (turns.running < running) turns.running++;
    else if (turns.waiting.length < waiting) await new Promise<void>((go) => turns.waiting.push(go));
    else throw refuse();
    try {
      return await work();
    } finally {
      // The slot passes to the next in line, so `running` stays; the last one out forgets the user.
      const next = turns.waiting.shift();
      if (next) next();
      else if (--turns.running === 0) users.delete(userId);
    }
  };
}
