import { TAG_SEPARATOR } from "@shinian/contract/tags";
import { loadPinyin } from "../search/pinyin-words.ts";

type Spelling = { pinyin: string; initials: string };

const HAN = /(\p{Script=Han}+)/u;
const LETTERS = /^[a-z]+$/;

/**
 * The last few thousand names spelt: a person's tags come back with every GET /api/tags, and
 * reading one costs ~10 µs a run (pinyin-words.ts).
 */
const spelt = new Map<string, Spelling | null>();
const SPELT_AT_MOST = 5_000;

/** How a tag is typed in pinyin, in full and by initials, level by level; null without Chinese. */
async function spellingOf(name: string): Promise<Spelling | null> {
  if (spelt.has(name)) return spelt.get(name)!;
  let spelling: Spelling | null = null;
  if (HAN.test(name)) {
    const pinyin = await loadPinyin();
    const full: string[] = [];
    const initials: string[] = [];
    for (const level of name.split(TAG_SEPARATOR)) {
      let f = "";
      let i = "";
      for (const part of level.split(HAN)) {
        if (!part) continue;
        const syllables = HAN.test(part) ? pinyin(part, { toneType: "none", type: "array", v: true }) : null;
        if (syllables && syllables.length === [...part].length && syllables.every((s) => LETTERS.test(s))) {
          f += syllables.join("");
          i += syllables.map((s) => s[0]).join("");
        } else {
          f += part.toLowerCase();
          i += part.toLowerCase();
        }
      }
      full.push(f);
      initials.push(i);
    }
    spelling = { pinyin: full.join(TAG_SEPARATOR), initials: initials.join(TAG_SEPARATOR) };
  }
  if (spelt.size >= SPELT_AT_MOST) spelt.delete(spelt.keys().next().value!);
  spelt.set(name, spelling);
  return spelling;
}

/** The tags with their pinyin and initials where they hold Chinese (the composer's `#` suggestions). */
export async function withSpelling<T extends { name: string }>(
  tags: T[],
): Promise<(T & Partial<Spelling>)[]> {
  return Promise.all(tags.map(async (tag) => ({ ...tag, ...(await spellingOf(tag.name)) })));
}
