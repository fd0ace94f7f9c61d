/**
 * Links in a 拾念 export's texts (`[[idea:<uuid>]]`, `[[note:<uuid>]]`) name the items by their ids
 * in the account they came from. Here each is made to name the item that id became: one written
 * before (this job's or the account's own, found by key) by its id, any other by the id the import
 * gives that key when it comes — the same for the same job and key on every reading, as an image's
 * is (images.ts), so that a link may point forward in data.json. A link whose target is not in the
 * export names an id no item has: it shows as 已删除.
 */
import { type LinkRef, parseLinks, rewriteLinks } from "@shinian/contract";
import { importedImageId } from "./images.ts";

/** The id an imported idea or note of a 拾念 export gets: derived from the job and its key. */
export const importedItemId = (jobId: string, type: "idea" | "note", key: string) =>
  importedImageId(jobId, `${type}:${key}`);

/** The items a text links to, as keys the batch looks up. */
export const linkKeysOf = (...texts: string[]): LinkRef[] => texts.flatMap((t) => parseLinks(t));

/** A text with each link naming the item its key is (or will be) in this account. */
export function withImportedLinks(
  jobId: string,
  text: string,
  known: (type: "idea" | "note", key: string) => { id: string } | null,
): string {
  return rewriteLinks(
    text,
    (ref) => `[[${ref.type}:${known(ref.type, ref.id)?.id ?? importedItemId(jobId, ref.type, ref.id)}]]`,
  );
}
