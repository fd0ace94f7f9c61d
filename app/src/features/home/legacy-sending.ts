import { readDraft, writeDraft } from "../../lib/draft.ts";

const KEY = "composer:sending";

/**
 * Texts that an older 拾念 kept in a second draft while sending and that a reload cut short: they
 * go back into the box once, then the key is gone (the capture queue is now the one path).
 */
export function takeLegacySending(): { texts: string[]; aiExcluded: boolean } {
  const stored = readDraft(KEY);
  if (!stored) return { texts: [], aiExcluded: false };
  writeDraft(KEY, "");
  let list: unknown;
  try {
    list = JSON.parse(stored);
  } catch {
    return { texts: [], aiExcluded: false };
  }
  const entries = (Array.isArray(list) ? list : []).map((entry: unknown) =>
    typeof entry === "string"
      ? { content: entry }
      : ((entry ?? {}) as { content?: unknown; aiExcluded?: unknown }),
  );
  return {
    texts: entries.flatMap((e) => (typeof e.content === "string" ? [e.content] : [])),
    aiExcluded: entries.some((e) => "aiExcluded" in e && e.aiExcluded === true),
  };
}
