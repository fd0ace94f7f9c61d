/**
 * An item's text as the reading view renders it (Markdown). A note is Markdown as written. An
 * idea is typed like a message, a line per thought: each line break stays one (Markdown would join
 * the lines of a paragraph), unless the idea holds fenced code, whose lines must stay as they are.
 */
export function readableText(kind: "idea" | "note", text: string): string {
  if (kind === "note" || text.includes("```") || text.includes("~~~")) return text;
  return text.replace(/([^\n])\n(?=[^\n])/g, "$1  \n");
}
