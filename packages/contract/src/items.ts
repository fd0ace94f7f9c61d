import { z } from "zod";
import { AttachmentSchema, IdeaAttachmentIdsSchema, NoteAttachmentIdsSchema } from "./attachments.ts";
import {
  CursorSchema,
  IdSchema,
  LimitSchema,
  pageOf,
  TagSchema,
  TagsSchema,
  TimestampSchema,
} from "./common.ts";
import { MAX_ITEM_EDITS } from "./constants.ts";

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
  attachments: Attachments,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Idea = z.infer<typeof IdeaSchema>;

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
  content: z.string(),
  sourceIdeaIds: z.array(IdSchema),
  tags: z.array(z.string()),
  pinned: z.boolean(),
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

export const SearchQuerySchema = z.strictObject({
  q: z.string().trim().max(100, { message: "搜索内容最多 100 个字符" }),
  limit: LimitSchema,
});

export const HighlightSchema = z.object({ start: z.number().int(), end: z.number().int() });
export const SearchItemSchema = z.object({
  type: z.enum(["idea", "note"]),
  id: IdSchema,
  title: z.string(),
  /** A short excerpt; highlights are [start, end) UTF-16 offsets into it. */
  snippet: z.string(),
  highlights: z.array(HighlightSchema),
  createdAt: TimestampSchema,
  /**
   * How it was found: by its words (pinyin and 繁简 count as words), by meaning alone (no word of
   * the query in it: embeddings), or both.
   */
  matchedBy: z.enum(["keyword", "meaning", "both"]),
});
export type SearchItem = z.infer<typeof SearchItemSchema>;
export const SearchResultSchema = z.object({
  items: z.array(SearchItemSchema),
  /**
   * Whether meaning was searched too: `off` (no embeddings model configured), `failed` (the
   * provider failed or was too slow this time: words only), `used`.
   */
  meaning: z.enum(["off", "failed", "used"]),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** One of an item's related ideas and notes (相关内容). */
export const RelatedItemSchema = z.object({
  type: z.enum(["idea", "note"]),
  id: IdSchema,
  title: z.string(),
  /** The start of its text, flattened. */
  snippet: z.string(),
  /** The words it shares with the item, weightiest first; empty when related by meaning alone. */
  sharedWords: z.array(z.string()),
  createdAt: TimestampSchema,
});
export type RelatedItem = z.infer<typeof RelatedItemSchema>;
/** At most 5, never the item itself nor another person's. */
export const RelatedResultSchema = z.object({ items: z.array(RelatedItemSchema) });
