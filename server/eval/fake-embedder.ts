/**
 * A deterministic stand-in for an embedding model, for the evaluation's plumbing only. It is NOT a
 * model and knows no meaning: it hashes a text's characters and character pairs into 256 signed
 * buckets (the "hashing trick") and normalises the sum. Texts that share characters come out
 * close; 睡不着 and 失眠 share none, so meaning-only queries are not expected to work with it.
 * Real figures need a real provider (docs/search-quality.md).
 */
export const FAKE_DIMENSIONS = 256;

/** FNV-1a over the UTF-16 code units: stable across runs and machines. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const IGNORED = /[\s\p{P}\p{S}]/u;

export function fakeEmbed(text: string): number[] {
  const vector = new Array<number>(FAKE_DIMENSIONS).fill(0);
  const chars = [...text.toLowerCase()].filter((ch) => !IGNORED.test(ch));
  const add = (gram: string, weight: number) => {
    const h = hash(gram);
    vector[h % FAKE_DIMENSIONS]! += h & 0x80000000 ? -weight : weight;
  };
  chars.forEach((ch, i) => {
    add(ch, 1);
    if (i > 0) add(chars[i - 1]! + ch, 1.5);
  });
  const norm = Math.hypot(...vector) || 1;
  return vector.map((x) => x / norm);
}

export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
