type Share = { running: number; waiting: (() => void)[] };

/**
 * At most `running` calls at once in the process, of which one user's at most `perUser`; up to
 * `waitingPerUser` more of that user's wait their turn, and past that the user's next gets
 * `refuse()` at once. A freed slot goes to the users waiting in turn (round robin), so one
 * account's hundred parallel requests wait behind each other, never in front of another
 * account's. A waiter whose `signal` aborts (its client has gone) leaves the line unserved.
 */
export function sharedSlots(running: number, perUser: number, waitingPerUser: number) {
  let busy = 0;
  // Map order is the turn: a user served moves to the end
  const users = new Map<string, Share>();
  const next = () => {
    while (busy < running) {
      const turn = [...users].find(([, s]) => s.running < perUser && s.waiting.length > 0);
      if (!turn) return;
      const [userId, share] = turn;
      users.delete(userId);
      users.set(userId, share);
      share.running++;
      busy++;
      share.waiting.shift()!();
    }
  };
  const forgetIdle = (userId: string, share: Share) => {
    if (share.running === 0 && share.waiting.length === 0) users.delete(userId);
  };
  return async function inSlot<T>(
    userId: string,
    work: () => Promise<T>,
    refuse: () => Error,
    signal?: AbortSignal,
  ): Promise<T> {
    const share = users.get(userId) ?? { running: 0, waiting: [] };
    users.set(userId, share);
    if (busy < running && share.running < perUser) {
      share.running++;
      busy++;
    } else if (signal?.aborted) {
      forgetIdle(userId, share);
      throw refuse();
    } else if (share.waiting.length < waitingPerUser) {
      await new Promise<void>((go, gone) => {
        const waiter = () => go();
        share.waiting.push(waiter);
        signal?.addEventListener(
          "abort",
          () => {
            const at = share.waiting.indexOf(waiter);
            if (at < 0) return; // already served
            share.waiting.splice(at, 1);
            forgetIdle(userId, share);
            gone(refuse());
          },
          { once: true },
        );
      });
    } else {
      forgetIdle(userId, share);
      throw refuse();
    }
    try {
      return await work();
    } finally {
      share.running--;
      busy--;
      forgetIdle(userId, share);
      next();
    }
  };
}
