import { z } from "zod";
import { IdSchema, LimitSchema, TimestampSchema } from "../common.ts";
import { SIMILAR_LIMIT, SIMILAR_MIN_CHARS } from "../constants.ts";

export const SearchQuerySchema = z.strictObject({
  q: z.string().trim().max(100, { message: "搜索内容最多 100 个字符" }),
  limit: LimitSchema,
});

export const HighlightSchema = z.object({ start: z.number().int(), end: z.number().int() });
export const SearchItemSchema = z.object({
  type: z.enum(["idea", "note"]),
  id: IdSchema,
  title: z.string(),
  /** A short excerpt; highlights are [start, end) UTF-16 offsets into it. */
  snippet: z.string(),
  highlights: z.array(HighlightSchema),
  createdAt: TimestampSchema,
  /**
   * How it was found: by its words (pinyin and 繁简 count as words), by meaning alone (no word of
   * the query in it: embeddings), or both.
   */
  matchedBy: z.enum(["keyword", "meaning", "both"]),
});
export type SearchItem = z.infer<typeof SearchItemSchema>;
export const SearchResultSchema = z.object({
  items: z.array(SearchItemSchema),
  /**
   * Whether meaning was searched too: `off` (no embeddings model configured), `failed` (the
   * provider failed or was too slow this time: words only), `used`.
   */
  meaning: z.enum(["off", "failed", "used"]),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** One of an item's related ideas and notes (相关内容). */
export const RelatedItemSchema = z.object({
  type: z.enum(["idea", "note"]),
  id: IdSchema,
  title: z.string(),
  /** The start of its text, flattened. */
  snippet: z.string(),
  /** The words it shares with the item, weightiest first; empty when related by meaning alone. */
  sharedWords: z.array(z.string()),
  createdAt: TimestampSchema,
});
export type RelatedItem = z.infer<typeof RelatedItemSchema>;
/** At most 5, never the item itself nor another person's. */
export const RelatedResultSchema = z.object({ items: z.array(RelatedItemSchema) });

/** A draft being typed (a capture not saved yet): earlier items that say nearly the same thing. */
export const SimilarRequestSchema = z.strictObject({
  text: z
    .string()
    .max(10_000, { message: "内容最多 10000 个字符" })
    .refine((t) => [...t.trim()].length >= SIMILAR_MIN_CHARS, {
      message: `至少输入 ${SIMILAR_MIN_CHARS} 个字才能查找相似的内容`,
    }),
  /**
   * The draft will be captured with 不让AI读取: it is never sent to the embeddings provider (words
   * only), as the idea it becomes never is.
   */
  aiExcluded: z.boolean().optional(),
});

export const SimilarItemSchema = z.object({
  type: z.enum(["idea", "note"]),
  id: IdSchema,
  title: z.string(),
  /** The start of its text, flattened. */
  excerpt: z.string(),
  createdAt: TimestampSchema,
  /** Why it is shown, for the person: 相同的词：跑步、配速 · 同一话题：跑步 · 标签相同：#读书 · 意思相近 */
  reason: z.string(),
});
export type SimilarItem = z.infer<typeof SimilarItemSchema>;
/** At most 3, best first: the person's own ideas and notes (never 回收站's), none when nothing is close. */
export const SimilarResultSchema = z.object({ items: z.array(SimilarItemSchema).max(SIMILAR_LIMIT) });
export type SimilarResult = z.infer<typeof SimilarResultSchema>;
