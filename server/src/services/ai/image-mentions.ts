import type { Queryable } from "../../db/pool.ts";
import { attachmentNamesOfItems } from "../../stores/attachments.ts";

/** Each item's files, file id → name, in the item's order. */
export type ImageNames = Map<string, Map<string, string>>;

/** The names of the files on these items, in one query. */
export async function imageNamesOf(db: Queryable, userId: string, itemIds: string[]): Promise<ImageNames> {
  const names: ImageNames = new Map();
  for (const f of await attachmentNamesOfItems(db, userId, itemIds)) {
    const files = names.get(f.item_id) ?? new Map<string, string>();
    files.set(f.id, f.name);
    names.set(f.item_id, files);
  }
  return names;
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const REF_END = new RegExp(`\\]\\(attachment:(${UUID})\\)`, "gi");
const BARE_REF = new RegExp(`attachment:(${UUID})`, "gi");
/** How far back from `](attachment:…)` its `![` may be: the alt text is looked for there only, so the work stays linear. */
const MAX_ALT = 300;

const mention = (name: string) => `[图片：${name.replace(/[[\]\r\n]/g, " ").trim() || "图片"}]`;

/**
 * What a model reads of an item's pictures: their names, never their bytes nor their URLs. Each
 * `![…](attachment:{id})` becomes `[图片：收据.jpg]` (the stored file name), and each file the
 * text does not refer to (an idea's pictures) such a line after the text.
 */
export function withImageMentions(text: string, files: Map<string, string> | undefined): string {
  const named = new Set<string>();
  const nameOf = (id: string, alt: string) => {
    const key = id.toLowerCase();
    named.add(key);
    return files?.get(key) ?? alt;
  };
  let described = "";
  let done = 0;
  for (const match of text.matchAll(REF_END)) {
    const from = Math.max(done, match.index - MAX_ALT);
    const open = text.slice(from, match.index).lastIndexOf("![");
    if (open < 0) continue; // a link, not an image: named below
    const alt = text.slice(from + open + 2, match.index);
    if (/[\]\n]/.test(alt)) continue;
    described += text.slice(done, from + open) + mention(nameOf(match[1]!, alt));
    done = match.index + match[0].length;
  }
  described = (described + text.slice(done)).replace(BARE_REF, (_, id: string) => mention(nameOf(id, "")));
  const rest = [...(files ?? [])].filter(([id]) => !named.has(id)).map(([, name]) => mention(name));
  return rest.length ? `${described.trimEnd()}\n\n${rest.join("\n")}` : described;
}
