/**
 * The search words of imported items, exactly those a save makes (search/words.ts): the main thread,
 * which has pinyin-pro and opencc-js loaded anyway, folds each field; the import's thread makes the
 * literal, keeping the segmenter's garbage in its small heap (docs/benchmarks-history.md, 导入数据).
 */
import { setImmediate as yieldToRequests } from "node:timers/promises";
import { ApiError } from "../errors.ts";
import { type FoldedField, literalOf } from "../search/literal.ts";
import { loadPinyin } from "../search/pinyin-words.ts";
import { simplified } from "../search/simplified.ts";
import { ideaFolded } from "../search/words.ts";
import { noteVectorOffLoop } from "../search/words-pool.ts";

/** What an item's search words are made of (the writer's cleaned fields). */
export type SearchFields = { title: string; content: string; originalContent?: string; tags: string[] };
/** Makes the search words of a batch's items, in their order. */
export type SearchWordsOf = (items: SearchFields[]) => Promise<string[]>;
/** An item's words as the main thread hands them: whole (a long text's, from the pool), or folded. */
export type WordsPart = string | FoldedField[];

/** Longer texts get their search words in the words pool's threads (as a note's do). */
const ON_LOOP_CHARS = 20_000;
/** Folding this much text takes a few ms: then other requests get their turn. */
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

/**
 * Loads pinyin-pro and the 繁简 tables at an upload, before the job's first batch: loaded during
 * the batches, their ~20 MB made the young generation grow twice (docs/benchmarks-history.md, 导入数据).
 */
export async function prepareSearchWords(): Promise<void> {
  await loadPinyin();
  simplified("臺");
}

/** One item's words: as an idea's when short, as a note's of its texts when long (as ever). */
function partOf(fields: SearchFields): Promise<WordsPart> {
  if (charsOf(fields) >= ON_LOOP_CHARS) return wordsOfLong(fields);
  return ideaFolded({ ...fields, originalContent: fields.originalContent ?? fields.content });
}

/**
 * The items' words in order, one at a time: a long one in the pool (so an import holds at most
 * one of its places), short ones folded here, giving other requests their turn every few ms.
 */
export async function foldedHere(items: SearchFields[]): Promise<WordsPart[]> {
  const out: WordsPart[] = [];
  let sinceYield = 0;
  for (const fields of items) {
    out.push(await partOf(fields));
    sinceYield += charsOf(fields);
    if (sinceYield >= YIELD_EVERY_CHARS) {
      sinceYield = 0;
      await yieldToRequests();
    }
  }
  return out;
}

/** The whole search words here (the writer's tests; a thread finishes the parts itself). */
export const searchWordsHere: SearchWordsOf = async (items) =>
  (await foldedHere(items)).map((part) => (typeof part === "string" ? part : literalOf(part)));
