import { MAX_TAG_LENGTH, MAX_TAGS, tagSpans } from "@shinian/contract/tags";
import { type Db, tx } from "../db/pool.ts";
import type { Logger } from "../logger.ts";
import { rowVectorsOffLoop } from "../search/words-pool.ts";
import type { BackgroundWork } from "../shared/background-work.ts";
import {
  lockRows,
  moveBookmark,
  nextBookmark,
  type RederiveSource,
  type SinceRule,
  type WalkedRow,
  walkBatch,
  wordsOf,
  writeTags,
} from "./tag-rederive.store.ts";
import { textRenamed } from "./tag-renames.store.ts";

/**
 * Existing items gain the tags today's rule (packages/contract/src/tags.ts) finds in their words and
 * an older rule did not (migrations 030 and 037). Walked after start-up in the background like
 * search/reindex.ts: a batch per transaction, a pause three times as long, one process at a time,
 * resumed at the bookmark after a restart. It only adds, and never gives back a tag the older rule
 * already saw (the person may have taken it off). The details: server/docs/internals.md, "Tags".
 */

export const REDERIVE_AFTER_START_MS = 5_000;
const MIN_PAUSE_MS = 100;
const BUSY_RETRY_MS = 30_000;
const PAUSE_PER_BATCH_TIME = 3;
// A note's words may be 200,000 characters: fewer at a time (at most ~10 MB of text a batch).
const BATCH: Record<RederiveSource, number> = { ideas: 500, notes: 50, trash: 50 };
const REDERIVE_LOCK = 0x5441_4753; // "TAGS"

/** Whether the older rule opened a tag at `at` (the text's `#`); today's rule opens every tag it finds. */
const OPENED_BY: Record<SinceRule, (text: string, at: number) => boolean> = {
  // before issue 29: a `#` at the start or after whitespace only
  "029": (text, at) => text[at] === "#" && (at === 0 || /\s/.test(text[at - 1]!)),
  // migration 030's rule: a `#` (never ＃) at the start, after whitespace or after Chinese punctuation
  "030": (text, at) => text[at] === "#" && (at === 0 || opened030(text[at - 1]!)),
};

/** RULE_030: the opener of migration 030's tag rule (commit fc82ffd), one UTF-16 unit before the `#`. */
function opened030(unit: string): boolean {
  if (/\s/.test(unit)) return true;
  const c = unit.charCodeAt(0);
  const punctuationBlock =
    (c >= 0x3000 && c <= 0x303f) ||
    (c >= 0xff00 && c <= 0xffef) ||
    (c >= 0xfe10 && c <= 0xfe1f) ||
    (c >= 0xfe30 && c <= 0xfe6f) ||
    (c >= 0x2010 && c <= 0x205e) ||
    c === 0xb7;
  return punctuationBlock && !/[\p{L}\p{N}]/u.test(unit);
}

/** The tags the row gains: what today's rule finds in its words and the older rule did not. */
export function gainedTags(row: WalkedRow, since: SinceRule): string[] {
  const found = (text: string) => {
    const spans = tagSpans(text);
    // before issue 29 notes took no tags from their words: 030's walk gave them all
    if (row.type === "note" && since === "029") return spans.map((s) => s.tag);
    const before = new Set(spans.filter((s) => OPENED_BY[since](text, s.start)).map((s) => s.tag));
    return spans.map((s) => s.tag).filter((tag) => !before.has(tag));
  };
  const original = row.tidied_from ? textRenamed(row.tidied_from, row.renames ?? []) : null;
  const gained = [...found(row.content), ...(original ? found(original) : [])];
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
    const gaining = batch.filter((row) => gainedTags(row, mark.since).length > 0).map((row) => row.id);
    if (!gaining.length) return { tagged: 0, left: true };
    // read again under lock: an edit since the unlocked read counts, and none can land meanwhile
    const locked = (await lockRows(client, mark.source, gaining)).flatMap((row) => {
      const gained = gainedTags(row, mark.since);
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
