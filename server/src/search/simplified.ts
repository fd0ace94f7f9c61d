import { Converter } from "opencc-js/t2cn";

/**
 * 繁体 as 简体 (OpenCC's Taiwan → mainland tables: 時間管理 → 时间管理), so that search words,
 * queries and the assistant's question words meet whichever characters either was written in.
 * Only compared, never stored: items keep their own characters. The one exception is a
 * transcript, which the person has not written yet (attachments/transcribe.ts).
 */
// Built on first use: its tables take ~30–50 ms and ~16 MB (docs/benchmarks-history.md, 繁简 and pinyin).
let convert: ((text: string) => string) | null = null;

// Text without a CJK character (most queries in Latin letters, numbers) has nothing to convert.
const HAS_CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

export function simplified(text: string): string {
  if (!HAS_CJK.test(text)) return text;
  convert ??= Converter({ from: "tw", to: "cn" });
  return convert(text);
}
