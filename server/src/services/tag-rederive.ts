import { MAX_TAG_LENGTH, MAX_TAGS, tagsInText } from "@shinian/contract/tags";
import { type Db, tx } from "../db/pool.ts";
import type { BackgroundWork } from "../lib/background-work.ts";
import type { Logger } from "../logger.ts";
import {
  lockRows,
  moveBookmark,
  nextBookmark,
  type RederiveSource,
  type WalkedRow,
  walkBatch,
  wordsOf,
  writeTags,
} from "../stores/tag-rederive.ts";
import { rowVectorsOffLoop } from "./text-index-pool.ts";

/**
 * Existing items gain the tags today's rule (packages/contract/src/tags.ts) finds in their words
 * and an older rule did not (migration 030): `#标签` after Chinese punctuation, and the tags typed
 * in notes. Walked after start-up in the background like services/search-reindex.ts: a batch per
 * transaction, then a pause three times as long, one process at a time; a restart resumes at the
 * bookmark. A tag is never taken away, and a tag the old rule already saw in an idea's words is
 * never given back (the person may have taken it off on purpose).
 */

export const REDERIVE_AFTER_START_MS = 5_000;
const MIN_PAUSE_MS = 100;
const BUSY_RETRY_MS = 30_000;
const PAUSE_PER_BATCH_TIME = 3;
// A note's words may be 200,000 characters: fewer at a time (at most ~10 MB of text a batch).
const BATCH: Record<RederiveSource, number> = { ideas: 500, notes: 50, trash: 50 };
const REDERIVE_LOCK = 0x5441_4753; // "TAGS"

/** The rule ideas were tagged by before issue 29: a `#` at the start or after whitespace only. */
const BEFORE_ISSUE_29 = /(?<=^|\s)#([\p{L}\p{N}]+(?:\/[\p{L}\p{N}]+)*)/gu;
const taggedBefore = (text: string) => new Set([...text.matchAll(BEFORE_ISSUE_29)].map((m) => m[1]!));

/** The tags the row gains (ideas: what the old rule missed; notes took none from their words). */
export function gainedTags(row: WalkedRow): string[] {
  const found = (text: string) => {
    const now = tagsInText(text);
    if (row.type === "note") return now;
    const before = taggedBefore(text);
    return now.filter((tag) => !before.has(tag));
  };
  const gained = [...found(row.content), ...(row.tidied_from ? found(row.tidied_from) : [])];
  const tags = [...row.tags];
  for (const tag of gained) {
    if (tags.length >= MAX_TAGS) break;
    if (tag.length <= MAX_TAG_LENGTH && !tags.includes(tag)) tags.push(tag);
  }
  return tags.slice(row.tags.length);
}

type Batch = { tagged: number; left: boolean } | "busy";

/** One batch of the first place still to walk. `left`: there may be more. */
export async function rederiveBatch(db: Db, limits: Partial<typeof BATCH> = {}): Promise<Batch> {
  return tx(db, async (client) => {
    const { rows } = await client.query<{ mine: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS mine", [
      REDERIVE_LOCK,
    ]);
    if (!rows[0]!.mine) return "busy";
    const mark = await nextBookmark(client);
    if (!mark) return { tagged: 0, left: false };
    const limit = limits[mark.source] ?? BATCH[mark.source];
    const batch = await walkBatch(client, mark.source, mark.after, limit);
    await moveBookmark(client, mark.source, batch.length < limit ? null : batch[batch.length - 1]!.id);
    const gaining = batch.filter((row) => gainedTags(row).length > 0).map((row) => row.id);
    if (!gaining.length) return { tagged: 0, left: true };
    // read again under lock: an edit since the unlocked read counts, and none can land meanwhile
    const locked = (await lockRows(client, mark.source, gaining)).flatMap((row) => {
      const gained = gainedTags(row);
      return gained.length ? [{ ...row, tags: [...row.tags, ...gained] }] : [];
    });
    if (!locked.length) return { tagged: 0, left: true };
    if (mark.source === "trash") await writeTags(client, "trash", locked);
    else {
      const words = await wordsOf(
        client,
        mark.source,
        locked.map((row) => row.id),
      );
      const vectors = await rowVectorsOffLoop(
        locked.map((row) => ({ ...words.get(row.id)!, type: row.type, tags: row.tags })),
      );
      await writeTags(
        client,
        mark.source,
        locked.map((row, i) => ({ ...row, search: vectors[i]! })),
      );
    }
    return { tagged: locked.length, left: true };
  });
}

/** Walks until every place is done; start() once after start-up. Stops with the server's work. */
export function tagRederiver(db: Db, logger: Logger, work: BackgroundWork) {
  let tagged = 0;
  const step = async () => {
    const started = performance.now();
    try {
      const batch = await rederiveBatch(db);
      if (batch === "busy") return work.later(BUSY_RETRY_MS, step);
      tagged += batch.tagged;
      if (!batch.left) {
        if (tagged) logger.info("typed tags found by the new rule added", { items: tagged });
        return;
      }
    } catch (err) {
      if (work.signal.aborted) return;
      logger.warn("typed tags walk failed; retrying", { err });
      return work.later(BUSY_RETRY_MS, step);
    }
    work.later(Math.max(MIN_PAUSE_MS, PAUSE_PER_BATCH_TIME * (performance.now() - started)), step);
  };
  return { start: (afterMs = REDERIVE_AFTER_START_MS) => work.later(afterMs, step) };
}
