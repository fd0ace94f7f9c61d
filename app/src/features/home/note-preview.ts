/**
 * A note's start for its card: cut back to a whole line when the preview stops mid-text, and
 * never ending in half a Markdown token (an open link, code span, ** or ~~), which the card would
 * show as raw marks.
 */
export function notePreview(preview: string, length: number): string {
  if (length <= preview.length) return preview;
  const lastLine = preview.lastIndexOf("\n");
  const cut = lastLine > preview.length / 2 ? preview.slice(0, lastLine) : withoutOpenToken(preview);
  return `${cut}…`;
}

/** The text without a Markdown token left open at its end. */
function withoutOpenToken(text: string): string {
  let end = text.length;
  // a link or picture whose `](…)` is cut off
  const open = text.lastIndexOf("[");
  if (open >= 0 && !/\]\([^)]*\)/.test(text.slice(open)))
    end = open > 0 && text[open - 1] === "!" ? open - 1 : open;
  let kept = text.slice(0, end);
  for (const mark of ["`", "**", "~~"]) {
    if (kept.split(mark).length % 2 === 0) kept = kept.slice(0, kept.lastIndexOf(mark));
  }
  return kept.trimEnd() || text;
}
