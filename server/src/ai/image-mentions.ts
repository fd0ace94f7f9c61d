import { attachmentNamesOfItems } from "../attachments/attachments.store.ts";
import type { Queryable } from "../db/pool.ts";

/** One file of an item as the model is told of it: its stored name and whether it is a picture or a recording. */
export type FileMention = { name: string; kind: "image" | "audio" };
/** Each item's files, file id → what it is, in the item's order. */
export type ImageNames = Map<string, Map<string, FileMention>>;

/** The names and kinds of the files on these items, in one query. */
export async function imageNamesOf(db: Queryable, userId: string, itemIds: string[]): Promise<ImageNames> {
  const names: ImageNames = new Map();
  for (const f of await attachmentNamesOfItems(db, userId, itemIds)) {
    const files = names.get(f.item_id) ?? new Map<string, FileMention>();
    files.set(f.id, { name: f.name, kind: f.kind });
    names.set(f.item_id, files);
  }
  return names;
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const REF_END = new RegExp(`\\]\\(attachment:(${UUID})\\)`, "gi");
const BARE_REF = new RegExp(`attachment:(${UUID})`, "gi");
/** How far back from `](attachment:…)` its `![` may be: the alt text is looked for there only, so the work stays linear. */
const MAX_ALT = 300;

const WORD = { image: "图片", audio: "录音" } as const;

const mention = ({ name, kind }: FileMention) =>
  `[${WORD[kind]}：${name.replace(/[[\]\r\n]/g, " ").trim() || WORD[kind]}]`;

/**
 * What a model reads of an item's files: their names, never their bytes nor their URLs. Each
 * `![…](attachment:{id})` becomes `[图片：收据.jpg]` (the stored file name), and each file the
 * text does not refer to (an idea's pictures and its voice note) such a line after the text: a
 * recording as `[录音：录音-093012.webm]`, so the model never takes it for a picture.
 */
export function withImageMentions(text: string, files: Map<string, FileMention> | undefined): string {
  const named = new Set<string>();
  const fileOf = (id: string, alt: string): FileMention => {
    const key = id.toLowerCase();
    named.add(key);
    return files?.get(key) ?? { name: alt, kind: "image" };
  };
  let described = "";
  let done = 0;
  for (const match of text.matchAll(REF_END)) {
    const from = Math.max(done, match.index - MAX_ALT);
    const open = text.slice(from, match.index).lastIndexOf("![");
    if (open < 0) continue; // a link, not an image: named below
    const alt = text.slice(from + open + 2, match.index);
    if (/[\]\n]/.test(alt)) continue;
    described += text.slice(done, from + open) + mention(fileOf(match[1]!, alt));
    done = match.index + match[0].length;
  }
  described = (described + text.slice(done)).replace(BARE_REF, (_, id: string) => mention(fileOf(id, "")));
  const rest = [...(files ?? [])].filter(([id]) => !named.has(id)).map(([, file]) => mention(file));
  return rest.length ? `${described.trimEnd()}\n\n${rest.join("\n")}` : described;
}

/** A mention as withImageMentions writes it (the name has no brackets nor line breaks), with the spaces around it. */
const MENTION = /[ \t]*\[(?:图片|录音)(?:[：:][^[\]\r\n]{0,300})?\][ \t]*/g;

/**
 * A model's text with the `[图片：…]` / `[录音：…]` mentions taken out: models echo them back, and
 * they are our words to the model, not the person's. A mention the person typed themselves (in
 * `own`) stays. A line that held only mentions goes, with the blank line it leaves.
 */
export function withoutMentions(text: string, own = ""): string {
  const typed = new Set(own.match(MENTION)?.map((m) => m.trim()) ?? []);
  let removed = false;
  const lines = text.split("\n").flatMap((line) => {
    const kept = line.replace(MENTION, (m) => {
      if (typed.has(m.trim())) return m;
      removed = true;
      return /^[ \t]/.test(m) && /[ \t]$/.test(m) ? " " : "";
    });
    return kept !== line && !kept.trim() ? [] : [kept];
  });
  return removed
    ? lines
        .join("\n")
        .replace(/\n{3,}/g, "\n\n")
        .trim()
    : text;
}
