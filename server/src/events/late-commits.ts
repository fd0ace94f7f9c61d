/**
 * Why a stream never skips an event committed late, and why nobody waits for it.
 *
 * item_events.id is taken at insert and commits in any order: transaction A takes id 100, B takes
 * 101 and commits first, a stream sends 101, and A's 100 becomes visible afterwards, below the
 * stream's position. Waiting until no older transaction runs (the snapshot's xmin) would let one
 * long transaction of any account (an import's batch) hold back everyone's events. Instead every
 * read sends all it sees at once and notes the snapshot's running transactions: only those can
 * still commit an id below what was sent. Each later read of any stream also asks for rows at or
 * below its position written by them, sent as they appear (with the position unchanged as their
 * `id:`, so ids never go back). A transaction stays watched `lateWatchMs` after it was last seen
 * running: time for its NOTIFY to wake every stream it concerns, and for a reconnect to find them.
 */
export class LateCommits {
  /** xid8 (as text) → when it was last seen running */
  private readonly seen = new Map<string, number>();
  private readonly watchMs: number;

  constructor(watchMs: number) {
    this.watchMs = watchMs;
  }

  /** The running transactions of a snapshot just read. */
  observe(running: readonly string[], now = Date.now()): void {
    for (const xid of running) this.seen.set(xid, now);
  }

  /** The transactions whose late rows a read must ask for. */
  watched(now = Date.now()): string[] {
    for (const [xid, at] of this.seen) if (now - at > this.watchMs) this.seen.delete(xid);
    return [...this.seen.keys()];
  }
}
