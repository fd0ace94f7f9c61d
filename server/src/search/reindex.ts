import { type Db, tx } from "../db/pool.ts";
import type { Logger } from "../logger.ts";
import type { BackgroundWork } from "../shared/background-work.ts";
import { type IndexedTable, outdatedRows, writeRebuilt } from "./reindex.store.ts";
import { rowVectorsOffLoop } from "./words-pool.ts";

/**
 * Search words made by an older words.ts (before pinyin and 繁简: migration 020) are rebuilt after
 * start-up in the background: a batch at a time in a worker thread, each followed by a pause three
 * times as long (PostgreSQL's GIN updates are most of its cost), so requests keep most of the machine.
 * Each batch commits on its own and a restart resumes; one process at a time (an advisory lock per
 * batch). Until a row is rebuilt it is found by its old words (server/docs/internals.md, "Search words").
 */

/** How long after start-up the first rebuild begins: start-up and its sweeps go first. */
export const REINDEX_AFTER_START_MS = 3_000;
const MIN_PAUSE_MS = 100;
/** Locked by another process: try again this much later. */
const BUSY_RETRY_MS = 30_000;
// An idea holds at most 10,000 characters; a note may hold 200,000: fewer per batch.
const BATCH: Record<IndexedTable, number> = { ideas: 100, notes: 10 };
const PAUSE_PER_BATCH_TIME = 3;
const REINDEX_LOCK = 0x5345_4152; // "SEAR"

type Batch = { rebuilt: number; left: boolean } | "busy";

/** One batch of the table's outdated rows, rebuilt. `left`: there may be more. */
export async function reindexBatch(db: Db, table: IndexedTable, limit = BATCH[table]): Promise<Batch> {
  return tx(db, async (client) => {
    const { rows } = await client.query<{ mine: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS mine", [
      REINDEX_LOCK,
    ]);
    if (!rows[0]!.mine) return "busy";
    const outdated = await outdatedRows(client, table, limit);
    if (!outdated.length) return { rebuilt: 0, left: false };
    const type = table === "ideas" ? "idea" : "note";
    const vectors = await rowVectorsOffLoop(outdated.map((r) => ({ type, ...r })));
    const rebuilt = await writeRebuilt(
      client,
      table,
      outdated.map((r, i) => ({ id: r.id, rowVersion: r.row_version, search: vectors[i]! })),
    );
    return { rebuilt, left: true };
  });
}

/**
 * Rebuilds outdated search words in the background until none is left; kick() starts it again
 * (server.ts: soon after start-up, then with every sweep, for a row that 回收站 put back as it was
 * before migration 020). Stops with the server's work.
 */
export function searchReindexer(db: Db, logger: Logger, work: BackgroundWork) {
  let running = false;
  let rebuilt = 0;
  const tables: IndexedTable[] = [];
  const step = async () => {
    const table = tables[0];
    if (!table) {
      running = false;
      if (rebuilt) logger.info("search words rebuilt", { rows: rebuilt });
      rebuilt = 0;
      return;
    }
    const started = performance.now();
    try {
      const batch = await reindexBatch(db, table);
      if (batch === "busy") return work.later(BUSY_RETRY_MS, step);
      rebuilt += batch.rebuilt;
      if (!batch.left) tables.shift();
    } catch (err) {
      if (work.signal.aborted) return;
      logger.warn("search words rebuild failed; retrying", { err });
      return work.later(BUSY_RETRY_MS, step);
    }
    work.later(Math.max(MIN_PAUSE_MS, PAUSE_PER_BATCH_TIME * (performance.now() - started)), step);
  };
  return {
    kick(afterMs = 0) {
      if (running) return;
      running = true;
      tables.splice(0, tables.length, "ideas", "notes");
      work.later(afterMs, step);
    },
  };
}
