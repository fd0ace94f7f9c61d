import { tagKey } from "../items/tag-key.ts";

/** How many of the person's tags a tidy is shown, the most used first. */
export const TAGS_SHOWN_TO_TIDY = 100;

/**
 * The tags a model suggested, each as the person's existing tag it matches by `tagKey` (the most
 * used one, `existing` coming most used first), else as suggested; each once, in the model's order.
 */
export function reuseTags(suggested: readonly string[], existing: readonly string[]): string[] {
  const own = new Map<string, string>();
  for (const tag of existing) if (!own.has(tagKey(tag))) own.set(tagKey(tag), tag);
  return [...new Set(suggested.map((tag) => own.get(tagKey(tag)) ?? tag))];
}
