type Pinyin = typeof import("pinyin-pro").pinyin;

/**
 * pinyin-pro costs ~100 ms to load and ~16 MB (docs/benchmarks.md, 繁简 and pinyin): loaded when
 * the first search words are made, not at start-up, and only where they are (this process, the
 * text-index workers).
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

/**
 * The pinyin search words of a title or a tag, as a person types them: each word's full pinyin
 * and initials (咖啡 → kafei, kf), and the same for each whole run of Han characters up to
 * WHOLE_RUN_AT_MOST (时间管理 → shijianguanli, sjgl; a tag's levels are runs of their own). A
 * single character gets no initials: one letter would match half of everything. ü is typed v.
 * `words` are the field's segmented words and `text` the field, both already folded (tokenize).
 */
export function pinyinWords(pinyin: Pinyin, words: string[], text: string): string[] {
  const out = new Set<string>();
  const add = (han: string) => {
    const syllables = pinyin(han, { toneType: "none", type: "array", v: true });
    // a character pinyin-pro does not know comes back as itself: no pinyin for that run
    if (!syllables.every((s) => LETTERS.test(s))) return;
    out.add(syllables.join(""));
    if (syllables.length > 1) out.add(syllables.map((s) => s[0]).join(""));
  };
  for (const word of words) if (HAN.test(word)) add(word);
  for (const [run] of text.matchAll(HAN_RUNS)) {
    if (run.length <= WHOLE_RUN_AT_MOST && !words.includes(run)) add(run);
  }
  return [...out];
}
