import { z } from "zod";
import {
  AttachmentSchema,
  IdeaAttachmentIdsSchema,
  NoteAttachmentIdsSchema,
} from "../attachments/schemas.ts";
import {
  CursorSchema,
  IdSchema,
  LimitSchema,
  pageOf,
  TagSchema,
  TagsSchema,
  TimestampSchema,
} from "../common.ts";
import { MAX_ITEM_EDITS } from "../constants.ts";
import { TAG_SEPARATOR } from "../tag-paths.ts";

/**
 * An item's files with fresh signed URLs: on its own answers (get, create, update) and in lists
 * and the feed. Optional only so that older answers still parse.
 */
const Attachments = z.array(AttachmentSchema).optional();

export const AiStatusSchema = z.enum(["none", "pending", "done", "failed"]);

export const IdeaSchema = z.object({
  id: IdSchema,
  originalContent: z.string(),
  title: z.string(),
  /**
   * The words, as written. A link to another idea or note stands in them as `[[idea:<uuid>]]` or
   * `[[note:<uuid>]]` (by id, so it survives renames; links/text.ts parses it); it is shown with
   * the target's current title, 回收站中 or 已删除 (resolveLinks), and listed under the target's
   * 被引用 (itemBacklinks).
   */
  content: z.string(),
  tags: z.array(z.string()),
  aiStatus: AiStatusSchema,
  pinned: z.boolean(),
  aiExcluded: z.boolean(),
  /**
   * Its current words are an AI tidy (自动整理 or AI 整理), not the person's own: the card says
   * 已整理, and 恢复原文 makes the original words current again. Optional only so that older
   * answers still parse.
   */
  tidied: z.boolean().optional(),
  /** The clientId it was created with; null without one. Optional only so that older answers still parse. */
  clientId: IdSchema.nullable().optional(),
  /** When it was put under 归档; absent when it is not archived. */
  archivedAt: TimestampSchema.optional(),
  attachments: Attachments,
  /** How many 批注 it has (the feed, lists and its own answers); absent in older answers. */
  annotationCount: z.number().int().min(0).optional(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Idea = z.infer<typeof IdeaSchema>;

/** An idea's words; links to other items as `[[idea:<uuid>]]` / `[[note:<uuid>]]` (see IdeaSchema.content). */
const IdeaText = z
  .string({ message: "请输入内容" })
  .max(10_000, { message: "想法最多 10000 个字符" })
  .refine((v) => v.trim().length > 0, { message: "内容不能为空" });

export const CreateIdeaRequestSchema = z.strictObject({
  content: IdeaText,
  tags: TagsSchema.optional(),
  pinned: z.boolean().optional(),
  aiExcluded: z.boolean().optional(),
  /**
   * A UUID the client made for this capture. A repeat with the same clientId creates nothing and
   * answers 200 with the first idea (whatever its content); once that idea is deleted, 410.
   */
  clientId: z.uuid({ message: "clientId 须为 UUID" }).optional(),
  /** When the idea was written (ISO 8601 with offset): its time, never in the future, at most 7 days back. */
  capturedAt: TimestampSchema.optional(),
  /** Files from POST /api/attachments, not yet on another item. */
  attachmentIds: IdeaAttachmentIdsSchema.optional(),
});
export type CreateIdeaRequest = z.input<typeof CreateIdeaRequestSchema>;

const nonEmptyPatch = { message: "没有需要更新的内容" };

/** originalContent is not accepted: the words the user typed never change. */
/**
 * `updatedAt` as the client last saw it: when the item has changed since (another tab or device),
 * the update is refused with 409 CONFLICT and the current version in `data`, so nothing typed is
 * lost on either side. Without it the update applies whatever happened meanwhile.
 */
const BaseUpdatedAt = TimestampSchema.optional();
/** An update must change something: `baseUpdatedAt` alone is not a change. */
const changesSomething = (v: Record<string, unknown>) => Object.keys(v).some((k) => k !== "baseUpdatedAt");

export const UpdateIdeaRequestSchema = z
  .strictObject({
    title: z.string().trim().max(200, { message: "标题最多 200 个字符" }).optional(),
    content: IdeaText.optional(),
    tags: TagsSchema.optional(),
    pinned: z.boolean().optional(),
    aiExcluded: z.boolean().optional(),
    attachmentIds: IdeaAttachmentIdsSchema.optional(),
    baseUpdatedAt: BaseUpdatedAt,
  })
  .refine(changesSomething, nonEmptyPatch);
export type UpdateIdeaRequest = z.input<typeof UpdateIdeaRequestSchema>;

export const NoteSchema = z.object({
  id: IdSchema,
  title: z.string(),
  /**
   * Markdown. A link to another idea or note stands in them as `[[idea:<uuid>]]` or
   * `[[note:<uuid>]]` (by id, so it survives renames; links/text.ts parses it); it is shown with
   * the target's current title, 回收站中 or 已删除 (resolveLinks), and listed under the target's
   * 被引用 (itemBacklinks).
   */
  content: z.string(),
  sourceIdeaIds: z.array(IdSchema),
  tags: z.array(z.string()),
  pinned: z.boolean(),
  /** When it was put under 归档; absent when it is not archived. */
  archivedAt: TimestampSchema.optional(),
  attachments: Attachments,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Note = z.infer<typeof NoteSchema>;

/**
 * A note in a list (首页's feed, GET /api/notes): its first words and its length instead of its
 * whole text, which may be 200,000 characters. The full text is on the note's own GET.
 */
export const NoteSummarySchema = NoteSchema.omit({ content: true }).extend({
  /** The first 500 characters of the Markdown source. */
  preview: z.string(),
  /** Characters in the whole text. */
  contentLength: z.number().int().nonnegative(),
});
export type NoteSummary = z.infer<typeof NoteSummarySchema>;

/**
 * A note as its edit answers it: all but its text, which the client has just sent (up to 200,000
 * characters, and sending it back cost the server as much as receiving it). The text is on the
 * note's own GET, and in a 409's current version.
 */
export const SavedNoteSchema = NoteSchema.omit({ content: true });
export type SavedNote = z.infer<typeof SavedNoteSchema>;

const NoteTitle = z
  .string({ message: "请输入标题" })
  .trim()
  .min(1, { message: "标题不能为空" })
  .max(200, { message: "标题最多 200 个字符" });
/** A note's Markdown; links to other items as `[[idea:<uuid>]]` / `[[note:<uuid>]]` (see NoteSchema.content). */
const NoteContent = z.string({ message: "请输入内容" }).max(200_000, { message: "笔记最多 200000 个字符" });

export const CreateNoteRequestSchema = z.strictObject({
  title: NoteTitle,
  content: NoteContent,
  tags: TagsSchema.optional(),
  sourceIdeaIds: z.array(IdSchema).max(100).optional(),
  pinned: z.boolean().optional(),
  attachmentIds: NoteAttachmentIdsSchema.optional(),
});
export type CreateNoteRequest = z.input<typeof CreateNoteRequestSchema>;

export const UpdateNoteRequestSchema = z
  .strictObject({
    title: NoteTitle.optional(),
    content: NoteContent.optional(),
    tags: TagsSchema.optional(),
    pinned: z.boolean().optional(),
    attachmentIds: NoteAttachmentIdsSchema.optional(),
    baseUpdatedAt: BaseUpdatedAt,
  })
  .refine(changesSomething, nonEmptyPatch);
export type UpdateNoteRequest = z.input<typeof UpdateNoteRequestSchema>;

/**
 * Several items' tags (and words) set in one request, all or none (多选's 撤销): each as its own
 * edit would be, with the `updatedAt` the client last saw, so that nothing edited since is overwritten.
 */
export const ItemEditsRequestSchema = z.strictObject({
  edits: z
    .array(
      z.discriminatedUnion("type", [
        z.strictObject({
          type: z.literal("idea"),
          id: IdSchema,
          tags: TagsSchema,
          content: IdeaText.optional(),
          baseUpdatedAt: TimestampSchema,
        }),
        z.strictObject({
          type: z.literal("note"),
          id: IdSchema,
          tags: TagsSchema,
          content: NoteContent.optional(),
          baseUpdatedAt: TimestampSchema,
        }),
      ]),
    )
    .min(1, { message: "没有要修改的内容" })
    .max(MAX_ITEM_EDITS, { message: `一次最多修改 ${MAX_ITEM_EDITS} 条内容` })
    // one row, one edit: a second would be judged against a base the first already changed
    .refine((edits) => new Set(edits.map((e) => e.id)).size === edits.length, {
      message: "同一条内容不能在一次修改里出现两次",
    }),
});
export type ItemEditsRequest = z.input<typeof ItemEditsRequestSchema>;
export const ItemEditsResultSchema = z.object({ count: z.number().int() });

export const ListQuerySchema = z.strictObject({
  cursor: CursorSchema.optional(),
  limit: LimitSchema,
  tag: TagSchema.optional(),
});

/** The ideas list can be narrowed to one AI status: `?aiStatus=pending` is what 自动整理's watchers poll. */
export const IdeaListQuerySchema = ListQuerySchema.extend({ aiStatus: AiStatusSchema.optional() });

export const FeedQuerySchema = z.strictObject({
  type: z.enum(["all", "idea", "note"], { message: "type 只能是 all、idea 或 note" }).default("all"),
  /** `home`: 首页, without what is archived; `archived`: 归档 only, newest first, no pinned lead. */
  view: z.enum(["home", "archived"], { message: "view 只能是 home 或 archived" }).default("home"),
  tag: TagSchema.optional(),
  cursor: CursorSchema.optional(),
  limit: LimitSchema,
});

export const FeedItemSchema = z.discriminatedUnion("type", [
  IdeaSchema.extend({ type: z.literal("idea") }),
  NoteSummarySchema.extend({ type: z.literal("note") }),
]);
export type FeedItem = z.infer<typeof FeedItemSchema>;

export const IdeaPageSchema = pageOf(IdeaSchema);
export const NotePageSchema = pageOf(NoteSummarySchema);
export const FeedPageSchema = pageOf(FeedItemSchema);

/** A tag path a tag can be renamed to: its levels are not empty (no leading, trailing or double `/`). */
export const TagPathSchema = TagSchema.refine(
  (tag) => tag.split(TAG_SEPARATOR).every((level) => level.trim() === level && level !== ""),
  { message: "标签的每一级都不能为空，也不能以空格开头或结尾" },
);

export const TagCountSchema = z.object({
  /** The whole path: `读书/小说`. */
  name: z.string(),
  /** The items (ideas and notes, not those in 回收站) carrying it or any tag under it. */
  count: z.number().int().positive(),
  /**
   * How the name is typed in pinyin, level by level (`读书/小说` → `dushu/xiaoshuo`; other letters
   * and digits as they are, lower case), so that `#yuedu` finds 阅读 as it is typed; absent when
   * the name has no Chinese character.
   */
  pinyin: z.string().optional(),
  /** The same by initials (`ds/xs`): `#yd` finds 阅读. */
  initials: z.string().optional(),
});
export type TagCount = z.infer<typeof TagCountSchema>;

export const TagListSchema = z.object({ tags: z.array(TagCountSchema) });
export type TagList = z.infer<typeof TagListSchema>;

export const RenameTagRequestSchema = z.strictObject({
  from: TagSchema,
  to: TagPathSchema,
  /** Only count the items that would change; nothing is changed. */
  dryRun: z.boolean().optional(),
});
export type RenameTagRequest = z.input<typeof RenameTagRequestSchema>;

export const RenameTagResultSchema = z.object({
  /** Items whose tags changed (with dryRun: would change). */
  changed: z.number().int().nonnegative(),
});
export type RenameTagResult = z.infer<typeof RenameTagResultSchema>;

/** A deleted idea or note, restorable until `purgeAt`. */
export const TrashItemSchema = z.object({
  type: z.enum(["idea", "note"]),
  id: IdSchema,
  title: z.string(),
  /** The first 200 characters of its text. */
  preview: z.string(),
  deletedAt: TimestampSchema,
  /** When it is deleted for good. */
  purgeAt: TimestampSchema,
});
export type TrashItem = z.infer<typeof TrashItemSchema>;

export const TrashListSchema = z.object({
  items: z.array(TrashItemSchema),
  /** How many days a deleted item is kept (the server's limit trashDays). */
  keepDays: z.number().int().positive(),
});
export type TrashList = z.infer<typeof TrashListSchema>;

export const RestoredSchema = z.object({ type: z.enum(["idea", "note"]), id: IdSchema });
export const EmptiedSchema = z.object({ deleted: z.number().int().nonnegative() });

/** An idea's or note's 归档 state after archiving or restoring it. */
export const ArchiveStateSchema = z.object({
  id: IdSchema,
  /** null: not archived (back on 首页). */
  archivedAt: TimestampSchema.nullable(),
});
export type ArchiveState = z.infer<typeof ArchiveStateSchema>;
