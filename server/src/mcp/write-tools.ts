import {
  CreateIdeaRequestSchema,
  RenameTagRequestSchema,
  SendMessageRequestSchema,
  UpdateIdeaRequestSchema,
  UpdateNoteRequestSchema,
} from "@shinian/contract";
import { z } from "zod";
import { createConversation, deleteConversation } from "../ai/chat.store.ts";
import { prepareReply, runReply } from "../ai/chat.ts";
import { ApiError } from "../errors.ts";
import { captureIdea } from "../items/capture.ts";
import { updateIdea } from "../items/ideas.store.ts";
import { updateNote } from "../items/notes.store.ts";
import { renameTag as renameTagOf } from "../items/tags.store.ts";
import { assertRoom } from "../points/quotas.ts";
import { limitWrites } from "../points/write-limits.ts";
import { readableItems } from "../search/search.store.ts";
import { inOrderOf, toMcpItem } from "./items.ts";
import { readableOne } from "./read-tools.ts";
import { defineTool, type ToolCtx, ToolRefusal } from "./tool.ts";

/** The contract's own rules for a request (lengths, tags): its first Chinese message when they fail. */
function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ToolRefusal(`${parsed.error.issues[0]?.message ?? "参数有误"} / Invalid arguments.`);
  return parsed.data;
}

/** An item as get_items gives it, read again (after a write, or as a conflict's current version). */
async function fullItem({ deps, caller }: ToolCtx, id: string) {
  const { contentChars } = deps.config.mcp;
  const [row] = await readableItems(deps.db, caller.userId, { ids: [id] }, 1, contentChars);
  if (!row) return null;
  return {
    ...toMcpItem(row, deps.config),
    content: row.content,
    truncated: row.content_length > contentChars,
  };
}

const tags = z
  .array(z.string())
  .max(10)
  .optional()
  .describe("标签，如 读书/小说（不带 #） / Tags such as 读书/小说, without #.");

export const createIdea = defineTool({
  name: "create_idea",
  description:
    "记录一条新想法（正文中的 #标签 会成为标签）。 / Capture a new idea (the #tags typed in it become its tags).",
  need: "write",
  input: {
    content: z
      .string()
      .max(10_000)
      .describe("想法正文，最多 10000 字 / The idea's text, at most 10,000 characters."),
    tags,
  },
  async run(args, ctx) {
    const { deps, caller } = ctx;
    const body = checked(CreateIdeaRequestSchema, args);
    await limitWrites(deps, caller.userId, "captures");
    const { idea } = await captureIdea(deps, caller, { content: body.content, tags: body.tags });
    return { item: await fullItem(ctx, idea.id) };
  },
});

export const updateItem = defineTool({
  name: "update_item",
  description:
    "修改一条想法或笔记的标题、正文或标签。须带上读取时的 updated_at：若之后已在别处修改，不会覆盖，而是返回当前版本（冲突）。 / Edit an idea's or note's title, text or tags. Pass the updated_at you read: if it changed since, nothing is overwritten and the current version comes back as a conflict.",
  need: "write",
  input: {
    id: z.uuid().describe("想法或笔记的 ID / The idea's or note's id."),
    base_updated_at: z.string().describe("读取时的 updated_at / The updated_at you read."),
    title: z.string().max(200).optional().describe("新标题 / New title."),
    content: z.string().max(200_000).optional().describe("新正文（Markdown） / New text (Markdown)."),
    tags,
  },
  async run({ id, base_updated_at, title, content, tags }, ctx) {
    const { deps, caller } = ctx;
    const item = await readableOne(ctx, id);
    const patch = { title, content, tags, baseUpdatedAt: base_updated_at };
    try {
      if (item.type === "idea") {
        await updateIdea(
          deps.db,
          deps.config.quota,
          caller.userId,
          id,
          checked(UpdateIdeaRequestSchema, patch),
        );
      } else {
        await updateNote(
          deps.db,
          deps.config.quota,
          caller.userId,
          id,
          checked(UpdateNoteRequestSchema, patch),
        );
      }
    } catch (err) {
      if (!(err instanceof ApiError && err.code === "CONFLICT" && err.extra.data)) throw err;
      throw new ToolRefusal(
        `${err.message}：未覆盖，请基于当前版本重新修改 / Changed elsewhere since base_updated_at: nothing was overwritten; edit the current version.`,
        { conflict: true, current: await fullItem(ctx, id) },
      );
    }
    return { item: await fullItem(ctx, id) };
  },
});

export const renameTag = defineTool({
  name: "rename_tag",
  description:
    "重命名标签（连同其下级标签），或与已有标签合并；dry_run 为 true 时只统计会改动几条。 / Rename a tag (with the tags below it), merging into an existing one; with dry_run only count the items it would change.",
  need: "write",
  input: {
    from: z.string().describe("原标签 / The tag now."),
    to: z.string().describe("新标签 / Its new name."),
    dry_run: z.boolean().default(false).describe("只统计不修改 / Count only, change nothing."),
  },
  async run({ from, to, dry_run }, { deps, caller }) {
    const body = checked(RenameTagRequestSchema, { from, to, dryRun: dry_run });
    const changed = await renameTagOf(deps.db, caller.userId, body);
    return { changed, dry_run };
  },
});

export const ask = defineTool({
  name: "ask",
  description:
    "向拾念的 AI 助手提问：根据记录的想法和笔记回答，并注明引用；与聊天一样消耗 AI 点数，本地模式下不可用。 / Ask 拾念's AI assistant: an answer grounded in the person's ideas and notes, with citations; it costs AI points like the chat, and is unavailable in local mode.",
  need: "write",
  input: {
    question: z.string().max(2000).describe("问题，最多 2000 字 / The question, at most 2,000 characters."),
    all_time: z
      .boolean()
      .default(false)
      .describe("忽略问题中的时间（如“上个月”） / Ignore the time the question names."),
  },
  async run({ question, all_time }, ctx) {
    const { deps, caller, signal } = ctx;
    if (!deps.config.ai)
      throw new ApiError("AI_NOT_CONFIGURED", "本地模式：服务器没有配置 AI 服务，无法回答");
    const { content } = checked(SendMessageRequestSchema, { content: question });
    await limitWrites(deps, caller.userId, "chat");
    await assertRoom(deps, caller.userId, { items: 0, bytes: Buffer.byteLength(content) });
    // a conversation of its own, in the person's chat list like any other
    const conversation = await createConversation(deps.db, caller.userId, "", null);
    const reply = await prepareReply(deps, caller.userId, conversation.id, content, {
      allTime: all_time,
    }).catch(async (err: unknown) => {
      // refused before anything was said (points, quota): no empty conversation is left behind
      await deleteConversation(deps.db, caller.userId, conversation.id);
      throw err;
    });
    const outcome = await runReply(deps, reply, signal, { start: async () => {}, token: async () => {} });
    if (outcome.kind !== "done") {
      throw new ToolRefusal(
        outcome.kind === "error"
          ? `${outcome.message} / The AI provider failed.`
          : "回答已中止 / The answer was cut off.",
      );
    }
    const { citations } = outcome.message;
    const ids = citations.map((c) => c.id);
    const rows = ids.length ? await readableItems(deps.db, caller.userId, { ids }, ids.length, 2_000) : [];
    const refs = new Map(citations.map((c) => [c.id, c.ref]));
    return {
      answer: outcome.message.content,
      citations: inOrderOf(ids, rows).map((r) => ({ ref: refs.get(r.id), ...toMcpItem(r, deps.config) })),
      points: reply.cost,
      balance: outcome.balance,
    };
  },
});
