/** The tags typed in the editor's field: split on spaces and commas (also full-width), without a leading #, each once. */
export const parseTags = (text: string) => [
  ...new Set(
    text
      .split(/[,，\s]+/)
      .map((t) => t.replace(/^#/, "").trim())
      .filter(Boolean),
  ),
];
