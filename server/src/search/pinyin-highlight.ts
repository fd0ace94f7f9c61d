import { hanTypedAs, loadPinyin, textPinyinWords } from "./pinyin-words.ts";
import { topicWords } from "./topics.ts";
import { foldForSearch, wordsOf } from "./words.ts";

const LETTER_WORD = /^[a-z]+$/;
const TEXT_READ = 200;

/**
 * For a query with words in letters (kafei, kf, paobu): per found row, the Han words of its title,
 * tags and text that those letters found by their pinyin (咖啡, 跑步), so that the snippet marks them
 * as it marks any other match. Null when the query has no word in letters.
 */
export async function typedAsPinyin(queryWords: string[]) {
  const letters = new Set(queryWords.filter((w) => LETTER_WORD.test(w)));
  if (!letters.size) return null;
  const pinyin = await loadPinyin();
  return (row: { title: string; tags: string[]; content: string }): string[] => {
    const found = new Set<string>();
    // the text where the snippet shows it: no typed word is in it (they stood for Han words), so the
    // snippet starts at its start (a long note: its excerpt); a pinyin read per run costs, so no further
    for (const field of [row.title, ...row.tags, row.content.slice(0, TEXT_READ)]) {
      const folded = foldForSearch(field);
      for (const han of hanTypedAs(pinyin, folded, wordsOf(folded), letters)) found.add(han);
      // the lexicon's words are words of their own, whole (图书馆, where the segmenter says 图书|馆)
      for (const word of topicWords(folded).words) {
        if (textPinyinWords(pinyin, word, [{ word, at: 0 }]).some((s) => letters.has(s))) found.add(word);
      }
    }
    return [...found];
  };
}
