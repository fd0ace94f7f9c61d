import { z } from "zod";
import { IdSchema, TimestampSchema } from "../common.ts";

/** How many backlinks one answer lists at most (`total` counts them all). */
export const BACKLINKS_MAX = 200;
/** How many links one resolve asks about at most. */
export const RESOLVE_LINKS_MAX = 100;

const ItemType = z.enum(["idea", "note"]);

/** An idea or note whose text links to the item (`[[idea:<uuid>]]` or `[[note:<uuid>]]`). */
export const BacklinkSchema = z.object({
  type: ItemType,
  id: IdSchema,
  /** Its title; an idea without one: empty. */
  title: z.string(),
  /** The start of its text, flattened. */
  excerpt: z.string(),
  createdAt: TimestampSchema,
});
export type Backlink = z.infer<typeof BacklinkSchema>;

/**
 * 被引用: the person's live ideas and notes (archived ones too) that link to the item, newest
 * first, at most BACKLINKS_MAX. Items in 回收站 link to nothing until restored.
 */
export const BacklinksSchema = z.object({
  items: z.array(BacklinkSchema),
  /** How many link to it in all. */
  total: z.number().int().nonnegative(),
});
export type Backlinks = z.infer<typeof BacklinksSchema>;

export const ResolveLinksRequestSchema = z.strictObject({
  refs: z
    .array(z.strictObject({ type: ItemType, id: z.uuid({ message: "id 须为 UUID" }) }))
    .min(1, { message: "没有要查询的链接" })
    .max(RESOLVE_LINKS_MAX, { message: `一次最多查询 ${RESOLVE_LINKS_MAX} 个链接` }),
});
export type ResolveLinksRequest = z.input<typeof ResolveLinksRequestSchema>;

/**
 * What a link points at now: `live` (its current title), `trash` (in 回收站: restoring it brings
 * the link back), or `deleted` (deleted for good, never there, or another person's: no title).
 */
export const ResolvedLinkSchema = z.object({
  type: ItemType,
  id: z.string(),
  state: z.enum(["live", "trash", "deleted"]),
  /** Its title, or for an idea without one the start of its text; empty when deleted. */
  title: z.string(),
});
export type ResolvedLink = z.infer<typeof ResolvedLinkSchema>;

/** One answer per ref asked, in the order asked. */
export const ResolvedLinksSchema = z.object({ items: z.array(ResolvedLinkSchema) });
export type ResolvedLinks = z.infer<typeof ResolvedLinksSchema>;
