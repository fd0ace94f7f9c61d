import { hanTypedAs, loadPinyin } from "./pinyin-words.ts";
import { foldForSearch, wordsOf } from "./words.ts";

const LETTER_WORD = /^[a-z]+$/;

/**
 * For a query with words in letters (kafei, kf): per found row, the Han words of its title and
 * tags that those letters found by their pinyin (咖啡), so that the snippet marks them as it marks
 * any other match. Null when the query has no word in letters.
 */
export async function typedAsPinyin(queryWords: string[]) {
  const letters = new Set(queryWords.filter((w) => LETTER_WORD.test(w)));
  if (!letters.size) return null;
  const pinyin = await loadPinyin();
  return (row: { title: string; tags: string[] }): string[] => {
    const found = new Set<string>();
    for (const field of [row.title, ...row.tags]) {
      const folded = foldForSearch(field);
      for (const han of hanTypedAs(pinyin, folded, wordsOf(folded), letters)) found.add(han);
    }
    return [...found];
  };
}
