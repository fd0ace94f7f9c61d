type Pinyin = typeof import("pinyin-pro").pinyin;

/**
 * pinyin-pro costs ~100 ms to load and ~16 MB (docs/benchmarks-history.md, 繁简 and pinyin): loaded when
 * the first search words are made, not at start-up, and only where they are (this process, the
 * words-pool threads).
 */
let loading: Promise<Pinyin> | null = null;
export const loadPinyin = () => {
  loading ??= import("pinyin-pro").then((m) => m.pinyin);
  return loading;
};

const HAN = /^\p{Script=Han}+$/u;
const HAN_RUNS = /\p{Script=Han}+/gu;
const LETTERS = /^[a-z]+$/;
/** A run of Han characters longer than this (a sentence, not a name) gets no whole-run pinyin. */
const WHOLE_RUN_AT_MOST = 12;

/** A segmented word and where it starts in the field's text. */
export type WordAt = { word: string; at: number };

/** A run or word of Han characters and how it is typed in full and by initials. */
type Sound = { han: string; full: string; initials: string | null };

/**
 * The pinyin search words of a title or a tag, as a person types them: each word's full pinyin
 * and initials (咖啡 → kafei, kf), and the same for each whole run of Han characters up to
 * WHOLE_RUN_AT_MOST (时间管理 → shijianguanli, sjgl; a tag's levels are runs of their own). A
 * single character gets no initials: one letter would match half of everything. ü is typed v.
 * `text` is the field as tokenize folds it, `words` its segmented words. One pinyin-pro call per
 * run (~10 µs), which also reads each word in the context of its neighbours.
 */
export function pinyinWords(pinyin: Pinyin, text: string, words: WordAt[]): string[] {
  const out = new Set<string>();
  for (const s of sounds(pinyin, text, words)) {
    out.add(s.full);
    if (s.initials) out.add(s.initials);
  }
  return [...out];
}

/** The Han words and runs of `text` that `letters` (query words) found by their pinyin: to highlight. */
export function hanTypedAs(pinyin: Pinyin, text: string, words: WordAt[], letters: Set<string>): string[] {
  return sounds(pinyin, text, words)
    .filter((s) => letters.has(s.full) || (s.initials !== null && letters.has(s.initials)))
    .map((s) => s.han);
}

/**
 * The full pinyin of each Han word of two or more characters in a text (跑步 → paobu), as typed in
 * full: no initials (two letters of a text's words would match half of everything), no whole runs
 * (a sentence is no word), no single characters (one syllable is as common).
 */
export function textPinyinWords(pinyin: Pinyin, text: string, words: WordAt[]): string[] {
  const out = new Set<string>();
  for (const s of sounds(pinyin, text, words, false)) if (s.initials) out.add(s.full);
  return [...out];
}

function sounds(pinyin: Pinyin, text: string, words: WordAt[], runs = true): Sound[] {
  const out: Sound[] = [];
  const add = (han: string, syllables: string[]) =>
    out.push({
      han,
      full: syllables.join(""),
      initials: syllables.length > 1 ? syllables.map((s) => s[0]).join("") : null,
    });
  // runs and words both come in text order: one walk over the words, not one per run (a long
  // text's thousands of runs each reading all its words took seconds)
  let next = 0;
  for (const { 0: run, index: at } of text.matchAll(HAN_RUNS)) {
    while (next < words.length && words[next]!.at < at) next++;
    const chars = [...run];
    const syllables = pinyin(run, { toneType: "none", type: "array", v: true });
    // a character pinyin-pro does not know comes back as itself: no pinyin for that run
    if (syllables.length !== chars.length || !syllables.every((s) => LETTERS.test(s))) continue;
    if (runs && chars.length <= WHOLE_RUN_AT_MOST) add(run, syllables);
    for (; next < words.length && words[next]!.at < at + run.length; next++) {
      const { word, at: wordAt } = words[next]!;
      if (!HAN.test(word)) continue;
      const from = [...run.slice(0, wordAt - at)].length;
      add(word, syllables.slice(from, from + [...word].length));
    }
  }
  return out;
}
