/** A half-open `[start, end)` range of string indices. */
export type HighlightRange = readonly [start: number, end: number];

export type HighlightSegment = { text: string; match: boolean };

/** Sorts, clamps to the text and merges overlapping or touching ranges; drops empty ones. */
export function normalizeRanges(length: number, ranges: readonly HighlightRange[]): Array<[number, number]> {
  const clamped = ranges
    .map(([start, end]): [number, number] => [Math.max(0, start), Math.min(length, end)])
    .filter(([start, end]) => start < end)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of clamped) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Cuts `text` into plain and matched segments, in order, covering the whole text. */
export function splitHighlights(text: string, ranges: readonly HighlightRange[]): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  let cursor = 0;
  for (const [start, end] of normalizeRanges(text.length, ranges)) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), match: false });
  return segments;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Every case-insensitive occurrence of each (trimmed, non-empty) term, sorted by position. */
export function findTermRanges(text: string, terms: readonly string[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const seen = new Set<string>();
  for (const term of terms) {
    const needle = term.trim();
    if (!needle) continue;
    const pattern = new RegExp(escapeRegExp(needle), "giu");
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const key = `${match.index}:${match.index + match[0].length}`;
      if (!seen.has(key)) {
        seen.add(key);
        ranges.push([match.index, match.index + match[0].length]);
      }
      pattern.lastIndex = match.index + 1;
    }
  }
  return ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}
