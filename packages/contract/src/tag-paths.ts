// Tag limits and paths, apart from the parser (tags.ts): the schemas every screen loads and 首页's
// tag column need these; only what reads tags from text needs the parser (首页's JS budget).

/** Tags an item may carry. */
export const MAX_TAGS = 10;
/** Characters in one tag path (`读书/小说` is 5). */
export const MAX_TAG_LENGTH = 20;
/** Separates the levels of a tag path: `读书/小说` is 小说 under 读书. */
export const TAG_SEPARATOR = "/";

/** Whether `tag` is `path` or under it, by whole levels: 读书 holds 读书/小说 but not 读书会. */
export const isWithin = (tag: string, path: string) => tag === path || tag.startsWith(path + TAG_SEPARATOR);

/** `tag` after renaming `from` to `to` (children move with their parent); unchanged when not within `from`. */
export const renamedTag = (tag: string, from: string, to: string) =>
  isWithin(tag, from) ? to + tag.slice(from.length) : tag;
