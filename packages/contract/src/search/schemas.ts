import { z } from "zod";
import { IdSchema, LimitSchema, TimestampSchema } from "../common.ts";

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
