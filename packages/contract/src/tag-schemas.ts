import { z } from "zod";
import { TagSchema } from "./common.ts";
import { TAG_SEPARATOR } from "./tag-paths.ts";

/** A tag path a tag can be renamed to: its levels are not empty (no leading, trailing or double `/`). */
export const TagPathSchema = TagSchema.refine(
  (tag) => tag.split(TAG_SEPARATOR).every((level) => level.trim() === level && level !== ""),
  { message: "标签的每一级都不能为空，也不能以空格开头或结尾" },
);

export const TagCountSchema = z.object({
  /** The whole path: `读书/小说`. */
  name: z.string(),
  /** The items (ideas and notes, not those in 回收站) carrying it or any tag under it. */
  count: z.number().int().positive(),
  /**
   * How the name is typed in pinyin, level by level (`读书/小说` → `dushu/xiaoshuo`; other letters
   * and digits as they are, lower case), so that `#yuedu` finds 阅读 as it is typed; absent when
   * the name has no Chinese character.
   */
  pinyin: z.string().optional(),
  /** The same by initials (`ds/xs`): `#yd` finds 阅读. */
  initials: z.string().optional(),
});
export type TagCount = z.infer<typeof TagCountSchema>;

export const TagListSchema = z.object({ tags: z.array(TagCountSchema) });
export type TagList = z.infer<typeof TagListSchema>;

export const RenameTagRequestSchema = z.strictObject({
  from: TagSchema,
  to: TagPathSchema,
  /** Only count the items that would change; nothing is changed. */
  dryRun: z.boolean().optional(),
});
export type RenameTagRequest = z.input<typeof RenameTagRequestSchema>;

export const RenameTagResultSchema = z.object({
  /** Items whose tags changed (with dryRun: would change). */
  changed: z.number().int().nonnegative(),
});
export type RenameTagResult = z.infer<typeof RenameTagResultSchema>;
