// The text form of a link between items, importable without zod (`@shinian/contract/links`).
//
// A link is written in an idea's or a note's text as `[[idea:<uuid>]]` or `[[note:<uuid>]]`: by id,
// so renaming the target never breaks it. The server keeps a table of them from this same form
// (migration 046 mirrors LINK_PATTERN in SQL; server/test/links/parse.test.ts holds the two to the
// same cases), and the app shows each as a chip with the target's current title.

export type LinkType = "idea" | "note";
export type LinkRef = { type: LinkType; id: string };

/** `[[idea:<uuid>]]` / `[[note:<uuid>]]`; a linear pattern, safe on a 200,000-character note. */
const LINK_PATTERN = /\[\[(idea|note):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\]\]/gi;

/** The text of a link to an item. */
export const linkText = (ref: LinkRef) => `[[${ref.type}:${ref.id}]]`;

/** The links in a text, each once (ids in lower case), in order of first mention. */
export function parseLinks(text: string): LinkRef[] {
  const seen = new Map<string, LinkRef>();
  for (const m of text.matchAll(LINK_PATTERN)) {
    const ref = { type: m[1]!.toLowerCase() as LinkType, id: m[2]!.toLowerCase() };
    seen.set(`${ref.type}:${ref.id}`, ref);
  }
  return [...seen.values()];
}

/** Each link in a text replaced by what `to` gives for it; kept as written where it gives null. */
export function rewriteLinks(text: string, to: (ref: LinkRef) => string | null): string {
  return text.replace(
    LINK_PATTERN,
    (whole, type: string, id: string) =>
      to({ type: type.toLowerCase() as LinkType, id: id.toLowerCase() }) ?? whole,
  );
}

/**
 * A text cut into plain runs and links, in order: what a renderer walks to put a chip where each
 * link stands.
 */
export function splitLinks(text: string): (string | LinkRef)[] {
  const parts: (string | LinkRef)[] = [];
  let at = 0;
  for (const m of text.matchAll(LINK_PATTERN)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    parts.push({ type: m[1]!.toLowerCase() as LinkType, id: m[2]!.toLowerCase() });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
