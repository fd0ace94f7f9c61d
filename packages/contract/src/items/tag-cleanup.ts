import { z } from "zod";

/** The most near-duplicate groups, and the most singletons, 标签整理 lists. */
export const TAG_CLEANUP_GROUPS_MAX = 200;
export const TAG_CLEANUP_SINGLETONS_MAX = 200;

/** A tag in 标签整理 with how many items carry it (or a tag under it). */
export const TagUseSchema = z.object({ name: z.string(), count: z.number().int().positive() });
export type TagUse = z.infer<typeof TagUseSchema>;

/**
 * Tags that differ only in 繁简, full or half width, case or trailing punctuation (`读书`, `讀書`,
 * `读书。`), the most used first: the one the others would merge into by default.
 */
export const TagGroupSchema = z.object({ tags: z.array(TagUseSchema).min(2) });
export type TagGroup = z.infer<typeof TagGroupSchema>;

/** 标签整理: near-duplicate groups (the most used first) and the tags only one item carries (in pinyin order). */
export const TagCleanupSchema = z.object({
  groups: z.array(TagGroupSchema),
  /** Tags on exactly one item with no tag under them (a parent only counts its children's items). */
  singletons: z.array(z.string()),
});
export type TagCleanup = z.infer<typeof TagCleanupSchema>;
