import { simplified } from "../search/simplified.ts";

/**
 * A tag as compared with the person's others: 繁简, full or half width, case and trailing
 * punctuation aside (`讀書`, `读书。` and `读书` are one key). A tidy maps a suggested tag onto an
 * existing one by it (ai/tag-reuse.ts); 标签整理 groups near-duplicates by it (tag-cleanup.ts).
 */
export const tagKey = (tag: string) =>
  simplified(tag.normalize("NFKC"))
    .toLowerCase()
    .replace(/[\p{P}\s]+$/u, "");

/** Whether `tag` is already as its key writes it, case aside (`读书`, `Read`; not `讀書`, `读书。`). */
export const isPlainTag = (tag: string) => tagKey(tag) === tag.toLowerCase();
