/**
 * The search words of imported items, made where pinyin-pro and opencc-js are already loaded: on
 * the server's main thread (or a test's), never in the import's worker thread. Loaded there, the
 * two libraries cost the thread's own V8 heap 40–60 MB per import (docs/benchmarks.md, 导入数据);
 * the main thread loads them for the first idea anyone saves anyway. The thread asks through
 * import-thread.ts; the words are exactly those a save makes (text-index.ts).
 */
import { setImmediate as yieldToRequests } from "node:timers/promises";
import { ApiError } from "../../errors.ts";
import { ideaVector } from "../text-index.ts";
import { noteVectorOffLoop } from "../text-index-pool.ts";

/** What an item's search words are made of (the writer's cleaned fields). */
export type SearchFields = { title: string; content: string; originalContent?: string; tags: string[] };
/** Makes the search words of a batch's items, in their order. */
export type SearchWordsOf = (items: SearchFields[]) => Promise<string[]>;

/** Longer texts get their search words in the text-index pool's threads (as a note's do). */
const ON_LOOP_CHARS = 20_000;
/** Segmenting this much text takes a few ms: then other requests get their turn. */
const YIELD_EVERY_CHARS = 20_000;
/** A pool too busy to queue a long text (503) is asked again, for at most this long. */
const POOL_PATIENCE_MS = 60_000;

const charsOf = (f: SearchFields) =>
  f.title.length + f.content.length + (f.originalContent ?? f.content).length;

async function wordsOfLong(fields: SearchFields): Promise<string> {
  const original = fields.originalContent ?? fields.content;
  const extra = original === fields.content ? "" : `\n${original}`;
  const note = { title: fields.title, content: fields.content + extra, tags: fields.tags };
  const giveUpAt = Date.now() + POOL_PATIENCE_MS;
  for (;;) {
    try {
      return await noteVectorOffLoop(note);
    } catch (err) {
      const busy = err instanceof ApiError && err.code === "SERVICE_UNAVAILABLE";
      if (!busy || Date.now() > giveUpAt) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** One item's search words, as the writer stored them when it made them itself. */
export function wordsOf(fields: SearchFields): Promise<string> {
  if (charsOf(fields) >= ON_LOOP_CHARS) return wordsOfLong(fields);
  return ideaVector({ ...fields, originalContent: fields.originalContent ?? fields.content });
}

/**
 * The items' search words in order, one at a time: a long one in the pool (so an import holds at
 * most one of its places), short ones here, giving other requests their turn every few ms.
 */
export async function searchWordsHere(items: SearchFields[]): Promise<string[]> {
  const out: string[] = [];
  let sinceYield = 0;
  for (const fields of items) {
    out.push(await wordsOf(fields));
    sinceYield += charsOf(fields);
    if (sinceYield >= YIELD_EVERY_CHARS) {
      sinceYield = 0;
      await yieldToRequests();
    }
  }
  return out;
}
