// Plain functions over a note's Markdown, importable without zod (`@shinian/contract/attachment-refs`).

/** `attachment:{id}` in Markdown; a linear pattern, safe on a 200,000-character note. */
const ATTACHMENT_REF = /attachment:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi;

/** Each `attachment:{id}` in Markdown replaced by what `to` gives for its id (lower case); kept where it gives null. */
export function rewriteAttachmentRefs(markdown: string, to: (id: string) => string | null): string {
  return markdown.replace(ATTACHMENT_REF, (ref, id: string) => to(id.toLowerCase()) ?? ref);
}

/** The files a note's Markdown refers to (`![名字](attachment:{id})`), each once, in order of first mention. */
export function attachmentRefs(markdown: string): string[] {
  const ids = new Set<string>();
  for (const match of markdown.matchAll(ATTACHMENT_REF)) ids.add(match[1]!.toLowerCase());
  return [...ids];
}
