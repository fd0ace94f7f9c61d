import type { Citation } from "@shinian/contract";
import type { Source } from "../ai/grounding.ts";

const UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
/** An item named by id, as links are written (`[[idea:<uuid>]]`): models copy the form now and then. */
const BY_ID = new RegExp(`\\[\\[(idea|note):(${UUID})\\]\\]`, "g");
/** `[3]`, and lists of numbers in one bracket: `[1, 3]`, `[1、3]`, `[1][3]` is two of the first. */
const BY_NUMBER = /\[(\d{1,4}(?:\s*[,，、]\s*\d{1,4})*)\]/g;

export type CheckedReport = { body: string; citations: Citation[] };

/**
 * Keeps only the citations of items inside the scope, the `sources` the model was given as
 * [1]…[n]: a number outside them, or an id of any other item, is taken out of the text and never
 * saved. What is left cites by number, each source once in `citations`, in the order of its number.
 */
export function checkCitations(text: string, sources: Source[]): CheckedReport {
  const numberOf = new Map(sources.map((s, i) => [`${s.type}:${s.id.toLowerCase()}`, i + 1]));
  const cited = new Set<number>();
  const keep = (n: number) => {
    if (!Number.isInteger(n) || n < 1 || n > sources.length) return "";
    cited.add(n);
    return `[${n}]`;
  };
  const body = text
    .replace(BY_ID, (_, type: string, id: string) => keep(numberOf.get(`${type}:${id.toLowerCase()}`) ?? 0))
    .replace(BY_NUMBER, (_, list: string) =>
      list
        .split(/[,，、]/)
        .map((n) => keep(Number(n.trim())))
        .join(""),
    )
    .replace(/[ \t]+([，。；！？、,.;!?])/g, "$1")
    .trim();
  const citations = [...cited]
    .sort((a, b) => a - b)
    .map((ref) => {
      const s = sources[ref - 1]!;
      return { type: s.type, id: s.id, title: s.title, ref };
    });
  return { body, citations };
}

/**
 * The report's title: its first line when it reads `标题：…` or `# …` (then taken out of the
 * body), else `fallback`.
 */
export function splitTitle(text: string, fallback: string): { title: string; body: string } {
  const lines = text.trim().split("\n");
  const first = /^(?:标题\s*[:：]|#{1,3}\s)\s*(.+)$/.exec(lines[0]?.trim() ?? "");
  const title = first?.[1]
    ?.replace(/\[\d[^\]]*\]/g, "")
    .replace(/[*_`]/g, "")
    .trim()
    .slice(0, 40);
  if (!title) return { title: fallback, body: text.trim() };
  return { title, body: lines.slice(1).join("\n").trim() };
}
