// Tags typed in text as `#标签`, the way flomo users write them: the one parser that capture, edit,
// 自动整理 and the flomo import share. Plain TypeScript (no zod): `@shinian/contract/tags`.

/** Tags an item may carry. */
export const MAX_TAGS = 10;
/** Characters in one tag path (`读书/小说` is 5). */
export const MAX_TAG_LENGTH = 20;
/** Separates the levels of a tag path: `读书/小说` is 小说 under 读书. */
export const TAG_SEPARATOR = "/";

/**
 * The rule:
 * - a tag starts at a `#` at the start of the text or right after whitespace (any Unicode space,
 *   a newline, the ideographic space): `C#`, `abc#def` and every `#` inside a URL (`…/page#part`,
 *   `…/#/route`) follow a non-space character, so none is a tag;
 * - it goes on over letters and digits of any script (Chinese, English, …) and single `/` between
 *   them, and ends at anything else: whitespace, any punctuation (，。！？、：；…「」() - _ . , too),
 *   a symbol or emoji, a second `/`, another `#`, the end of the text;
 * - a `#` not followed by a letter or digit (`# 标题`, `##`, `#/x`) is no tag; a trailing `/` is not
 *   part of the tag (`#读书/` is 读书).
 */
const TAG_IN_TEXT = /(?<=^|\s)#([\p{L}\p{N}]+(?:\/[\p{L}\p{N}]+)*)/gu;

/** Every `#tag` in the text, in order of appearance, each once (limits not applied). */
export function tagsInText(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(TAG_IN_TEXT)) {
    const tag = match[1]!;
    if (!found.includes(tag)) found.push(tag);
  }
  return found;
}

/**
 * The tags of an item: `given` first, then the ones typed in its text, each once, at most
 * MAX_TAGS; a typed tag longer than MAX_TAG_LENGTH is not made a tag (its `#…` stays in the text).
 */
export function withTypedTags(given: readonly string[], text: string): string[] {
  const tags = [...new Set(given)];
  for (const tag of tagsInText(text)) {
    if (tags.length >= MAX_TAGS) break;
    if (tag.length <= MAX_TAG_LENGTH && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

/** Whether `tag` is `path` or under it, by whole levels: 读书 holds 读书/小说 but not 读书会. */
export const isWithin = (tag: string, path: string) => tag === path || tag.startsWith(path + TAG_SEPARATOR);

/** `tag` after renaming `from` to `to` (children move with their parent); unchanged when not within `from`. */
export const renamedTag = (tag: string, from: string, to: string) =>
  isWithin(tag, from) ? to + tag.slice(from.length) : tag;
