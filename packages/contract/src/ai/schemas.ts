import { z } from "zod";
import { IdSchema, TimestampSchema } from "../common.ts";
import { MAX_COMPOSE_IDEAS } from "../constants.ts";
import { IdeaSchema, NoteSchema } from "../items/schemas.ts";
import { PointsCostsSchema } from "../points/schemas.ts";

/** `offline`: no provider configured, the built-in assistant answers from retrieval alone. */
export const AiModeSchema = z.enum(["offline", "provider"]);
export type AiMode = z.infer<typeof AiModeSchema>;

export const AiInfoSchema = z.object({
  mode: AiModeSchema,
  model: z.string().optional(),
  /** What each action costs right now (all 0 in 本地模式). */
  costs: PointsCostsSchema,
  /** Tidying needs a model: false in 本地模式. */
  tidyAvailable: z.boolean(),
  /** Recordings can be turned into text (AI_TRANSCRIBE_MODEL); false: they are kept as audio only. */
  transcribeAvailable: z.boolean(),
  /**
   * Finding by meaning (AI_EMBEDDING_MODEL): off, search is by keywords only. `pending`: this
   * user's items still waiting for their vector.
   */
  embeddings: z.object({ enabled: z.boolean(), pending: z.number().int() }),
});
export type AiInfo = z.infer<typeof AiInfoSchema>;

export const ItemRefSchema = z.object({ type: z.enum(["idea", "note"]), id: IdSchema });
export type ItemRef = z.infer<typeof ItemRefSchema>;

export const CitationSchema = ItemRefSchema.extend({
  /** An assistant's answer may also cite a 洞察 the person let it read (让 AI 助手参考这份洞察). */
  type: z.enum(["idea", "note", "insight"]),
  title: z.string(),
  /** The number the answer calls it by, `[ref]` (issue 29); absent on answers saved before. */
  ref: z.number().int().optional(),
});
export type Citation = z.infer<typeof CitationSchema>;

export const ConversationSchema = z.object({
  id: IdSchema,
  title: z.string(),
  /** The idea or note a detail screen's side chat is about; null for /chat conversations. */
  subject: ItemRefSchema.nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Conversation = z.infer<typeof ConversationSchema>;
export const ConversationListSchema = z.object({ items: z.array(ConversationSchema) });

const ConversationTitle = z
  .string()
  .trim()
  .min(1, { message: "对话名称不能为空" })
  .max(50, { message: "对话名称最多 50 个字符" });

export const CreateConversationRequestSchema = z.strictObject({
  title: ConversationTitle.optional(),
  subject: ItemRefSchema.optional(),
});
export type CreateConversationRequest = z.input<typeof CreateConversationRequestSchema>;

export const ConversationListQuerySchema = z.strictObject({
  subjectType: z.enum(["idea", "note"]).optional(),
  subjectId: IdSchema.optional(),
});

export const RenameConversationRequestSchema = z.strictObject({ title: ConversationTitle });

export const ChatMessageStatusSchema = z.enum(["done", "stopped", "error"]);
export type ChatMessageStatus = z.infer<typeof ChatMessageStatusSchema>;

/** The time a question asked about (上个月, 去年这时候 …): the answer drew only on items created in [from, to). */
export const TimeFilterSchema = z.object({
  /** Said in Chinese with its dates, e.g. 上个月（2026年10月1日—10月31日）. */
  label: z.string(),
  from: TimestampSchema,
  to: TimestampSchema,
  /**
   * The question said 最近 (or 近来, 这段时间): a span it only hinted at, taken as 30 days. The app
   * offers 搜索全部 beside such an answer, which asks again with `allTime`.
   */
  recent: z.boolean().optional(),
});
export type TimeFilter = z.infer<typeof TimeFilterSchema>;

export const ChatMessageSchema = z.object({
  id: IdSchema,
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  status: ChatMessageStatusSchema,
  citations: z.array(CitationSchema),
  points: z.number().int(),
  mode: AiModeSchema,
  /** On an answer: the time range its sources were limited to; null when the question named none. */
  timeFilter: TimeFilterSchema.nullable().optional(),
  createdAt: TimestampSchema,
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
export const ChatMessageListSchema = z.object({ items: z.array(ChatMessageSchema) });

export const SendMessageRequestSchema = z.strictObject({
  content: z
    .string({ message: "请输入问题" })
    .trim()
    .min(1, { message: "问题不能为空" })
    .max(2000, { message: "问题最多 2000 个字符" }),
  /** 搜索全部: the time the question names (最近 …) does not limit its sources. */
  allTime: z.boolean().optional(),
});
export type SendMessageRequest = z.input<typeof SendMessageRequestSchema>;

/** The server-sent events of one reply, in order: start, token*, then done or error. */
export const ChatStreamStartSchema = z.object({
  userMessage: ChatMessageSchema,
  mode: AiModeSchema,
  /** Points this reply costs (already spent; refunded if the provider fails). */
  cost: z.number().int(),
  /** The time range the question named, shown above the answer; null when none. */
  timeFilter: TimeFilterSchema.nullable(),
});
export const ChatStreamTokenSchema = z.object({ text: z.string() });
export const ChatStreamDoneSchema = z.object({ message: ChatMessageSchema, balance: z.number().int() });
export const ChatStreamErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  /** What was streamed before the failure, kept. */
  partial: ChatMessageSchema.nullable(),
  balance: z.number().int(),
});
/** The reply stream's events by name: the server sends and the app reads exactly these. */
export const ChatStreamEventSchemas = {
  start: ChatStreamStartSchema,
  token: ChatStreamTokenSchema,
  done: ChatStreamDoneSchema,
  error: ChatStreamErrorSchema,
};
export type ChatStreamEvents = {
  [K in keyof typeof ChatStreamEventSchemas]: z.infer<(typeof ChatStreamEventSchemas)[K]>;
};
/** One event as read off the wire: its name and its payload, together. */
export type ChatStreamEvent = {
  [K in keyof ChatStreamEvents]: { event: K; data: ChatStreamEvents[K] };
}[keyof ChatStreamEvents];
export type ChatStreamStart = z.infer<typeof ChatStreamStartSchema>;
export type ChatStreamToken = z.infer<typeof ChatStreamTokenSchema>;
export type ChatStreamDone = z.infer<typeof ChatStreamDoneSchema>;
export type ChatStreamError = z.infer<typeof ChatStreamErrorSchema>;

export const IdeaVersionSchema = z.object({
  id: IdSchema,
  ideaId: IdSchema,
  model: z.string(),
  title: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  points: z.number().int(),
  createdAt: TimestampSchema,
});
export type IdeaVersion = z.infer<typeof IdeaVersionSchema>;

export const IdeaVersionsSchema = z.object({
  versions: z.array(IdeaVersionSchema),
  /** The version the idea shows now; null once the user edited it (or it was never tidied). */
  currentVersionId: IdSchema.nullable(),
});
export type IdeaVersions = z.infer<typeof IdeaVersionsSchema>;

/** 恢复原文 is an edit like any other: on a version older than the stored one, 409 with the current one. */
export const RestoreOriginalRequestSchema = z.strictObject({ baseUpdatedAt: TimestampSchema.optional() });
export type RestoreOriginalRequest = z.input<typeof RestoreOriginalRequestSchema>;

export const TidyResultSchema = z.object({
  idea: IdeaSchema,
  version: IdeaVersionSchema,
  /** false when the user edited the idea while it was being tidied: the version waits to be applied. */
  applied: z.boolean(),
  balance: z.number().int(),
});
export type TidyResult = z.infer<typeof TidyResultSchema>;

export const ComposeNoteRequestSchema = z.strictObject({
  ideaIds: z
    .array(IdSchema)
    .min(1, { message: "请至少选择一条想法" })
    .max(MAX_COMPOSE_IDEAS, { message: `一次最多整理 ${MAX_COMPOSE_IDEAS} 条想法` })
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
      message: "想法不能重复选择",
    }),
});
export type ComposeNoteRequest = z.input<typeof ComposeNoteRequestSchema>;

export const ComposeNoteResultSchema = z.object({
  note: NoteSchema,
  mode: AiModeSchema,
  points: z.number().int(),
  balance: z.number().int(),
});
export type ComposeNoteResult = z.infer<typeof ComposeNoteResultSchema>;
