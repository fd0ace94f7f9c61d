import type { AiMode, ChatMessage, Conversation, TimeFilter } from "@shinian/contract";
import type { AppDeps } from "../context.ts";
import { type Queryable, tx } from "../db/pool.ts";
import { ApiError, notFound } from "../errors.ts";
import { getBalance } from "../points/points.store.ts";
import { refund, type SpendResult, settleSpend, spend } from "../points/points.ts";
import { type PromptMessage, ProviderError, streamCompletion } from "../shared/openai/chat.ts";
import { conversationForReply, insertMessage, recentMessages } from "./chat.store.ts";
import { retrieveSources, type Source } from "./grounding.ts";
import { meaningSources } from "./grounding-meaning.ts";
import { chunks, offlineAnswer } from "./offline.ts";
import { chatPrompt, citedSources } from "./prompts.ts";
import { parseTimeRange } from "./time-range.ts";

const HISTORY_MESSAGES = 10;
const HISTORY_CHARS = 1000;
/** A reply still streaming after this is cut (and refunded): its open spend must outlive it. */
const REPLY_DEADLINE_MS = 4 * 60_000;
const REPLY_SPEND_OPEN_MS = REPLY_DEADLINE_MS + 60_000;

/** Everything a reply needs, settled before the stream opens (so 402/409 are plain JSON answers). */
export type PreparedReply = {
  userId: string;
  conversation: Conversation;
  question: string;
  /** Saved while the provider is already being asked: it is not on the way to the first token. */
  userMessage: Promise<ChatMessage>;
  mode: AiMode;
  cost: number;
  spent: SpendResult | null;
  sources: Source[];
  recent: boolean;
  /** The time the question named (上个月 …): its sources come from that range only. */
  timeFilter: TimeFilter | null;
  prompt: PromptMessage[];
};

/** The conversation and the user's self-introduction; 404, or 409 for a subject marked 不让AI读取. */
async function loadForReply(db: Queryable, userId: string, conversationId: string) {
  const found = await conversationForReply(db, userId, conversationId);
  if (!found) throw notFound("对话不存在");
  // a side chat about an idea marked 不让AI读取 (or a note written from one) is refused before
  // anything is spent or sent
  if (found.subjectExcluded) {
    const what =
      found.conversation.subject?.type === "note"
        ? "这篇笔记来自设置了不让AI读取的想法"
        : "这条想法设置了不让AI读取";
    throw new ApiError("CONFLICT", `${what}，AI 无法查看它`);
  }
  return found;
}

export async function prepareReply(
  deps: AppDeps,
  userId: string,
  conversationId: string,
  question: string,
  { allTime = false }: { allTime?: boolean | undefined } = {},
): Promise<PreparedReply> {
  const { db, config } = deps;
  const { conversation, identity } = await loadForReply(db, userId, conversationId);
  const subject = conversation.subject;
  const mode: AiMode = config.ai ? "provider" : "offline";
  const cost = mode === "provider" ? config.points.costs.chatReply : 0;
  // 搜索全部 asks again without the time the question names
  const range = allTime ? null : parseTimeRange(question, deps.clock());
  const timeFilter = range && {
    label: range.label,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    ...(range.recent ? { recent: true } : {}),
  };
  // The spend and the grounding reads are independent: run together, they cost one round trip
  // before the provider is asked, not two. A refused spend (402) answers at once; what was read
  // is then discarded.
  const spending =
    cost > 0
      ? spend(db, userId, cost, "chat_reply", {
          openForMs: REPLY_SPEND_OPEN_MS,
          item: { type: "conversation", id: conversationId },
        })
      : null;
  const reading = Promise.all([
    recentHistory(db, conversationId),
    retrieveSources(
      db,
      userId,
      range?.rest ?? question,
      config.aiContextTokens,
      subject,
      range,
      meaningSources(deps, userId),
    ),
  ]);
  reading.catch(() => {}); // awaited below, unless the spend is refused first
  const spent = await spending;
  try {
    const [history, { sources, recent }] = await reading;
    const userMessage = insertMessage(
      db,
      userId,
      conversationId,
      {
        role: "user",
        content: question,
        status: "done",
        citations: [],
        points: 0,
        mode,
        model: null,
      },
      conversation.title ? null : [...question].slice(0, 30).join(""), // never half an emoji
    );
    userMessage.catch(() => {}); // awaited by the stream; this only keeps it from being "unhandled" first
    const subjectSource = subject && sources[0]?.id === subject.id ? sources[0] : null;
    const prompt = chatPrompt({
      identity,
      sources,
      recent,
      history,
      question,
      subject: subjectSource,
      timeFilter,
    });
    return {
      userId,
      conversation,
      question,
      userMessage,
      mode,
      cost,
      spent,
      sources,
      recent,
      timeFilter,
      prompt,
    };
  } catch (err) {
    if (spent) await refund(db, userId, { ...spent, cost });
    throw err;
  }
}

/** The conversation so far, newest last, each message cut to HISTORY_CHARS. */
async function recentHistory(db: Queryable, conversationId: string): Promise<PromptMessage[]> {
  const messages = await recentMessages(db, conversationId, HISTORY_MESSAGES);
  return messages.map((m) => ({ role: m.role, content: m.content.slice(0, HISTORY_CHARS) }));
}

export type ReplyOutcome =
  | { kind: "done"; message: ChatMessage; balance: number }
  | { kind: "stopped"; message: ChatMessage }
  | { kind: "error"; message: string; partial: ChatMessage | null; balance: number };

type ReplyListeners = {
  start: (userMessage: ChatMessage) => Promise<void>;
  token: (text: string) => Promise<void>;
};

/**
 * Streams the reply through `onToken` and keeps it, whatever happens: a stop (the client left)
 * keeps what was streamed and its cost, unless nothing came yet; a provider failure, the
 * deadline or a shutdown refunds. Shutdown waits for it (its refund needs the pool).
 */
export function runReply(
  deps: AppDeps,
  reply: PreparedReply,
  signal: AbortSignal,
  on: ReplyListeners,
): Promise<ReplyOutcome> {
  return deps.work.track(streamReply(deps, reply, signal, on));
}

async function streamReply(
  deps: AppDeps,
  reply: PreparedReply,
  signal: AbortSignal,
  on: ReplyListeners,
): Promise<ReplyOutcome> {
  const { db, config } = deps;
  const { userId, conversation } = reply;
  const model = config.ai?.model ?? null;
  // ours to abort too: when saving the question fails, the provider call must not run on
  const upstream = new AbortController();
  const tokens =
    reply.mode === "offline"
      ? chunks(offlineAnswer(reply.question, reply.sources, reply.recent, reply.timeFilter))
      : streamCompletion(
          config.ai!,
          reply.prompt,
          AbortSignal.any([
            signal,
            upstream.signal,
            AbortSignal.timeout(REPLY_DEADLINE_MS),
            deps.work.signal,
          ]),
          { maxTokens: config.ai!.maxTokens.chat },
        );
  // Ask the provider first; the question is saved and announced while it thinks.
  const first = tokens.next();
  first.catch(() => {}); // read below
  let text = "";
  let failure: unknown = null;
  try {
    await on.start(await reply.userMessage);
    for (let next = await first; !next.done; next = await tokens.next()) {
      if (signal.aborted) break;
      text += next.value;
      await on.token(next.value);
    }
  } catch (err) {
    failure = err;
  } finally {
    upstream.abort(); // a stop or failure cancels the upstream request (a no-op after a clean end)
    await tokens.return?.(undefined).catch(() => {});
  }
  // a charged reply settles its spend in the transaction that saves it: once saved, no sweep refunds it
  const save = (status: ChatMessage["status"], points: number) =>
    tx(db, async (client) => {
      const message = await insertMessage(client, userId, conversation.id, {
        role: "assistant",
        content: text,
        status,
        citations: text
          ? citedSources(text, reply.sources).map(({ type, id, title, ref }) => ({ type, id, title, ref }))
          : [],
        points,
        mode: reply.mode,
        model,
        sourceIds: reply.sources.map((s) => s.id),
        timeFilter: reply.timeFilter,
      });
      if (points > 0 && reply.spent) await settleSpend(client, reply.spent);
      return message;
    });
  const giveBack = (why: string) =>
    reply.spent ? refund(db, userId, { ...reply.spent, cost: reply.cost }, why) : null;

  if (signal.aborted) {
    if (!text) await giveBack("未生成内容即停止");
    return { kind: "stopped", message: await save("stopped", text ? reply.cost : 0) };
  }
  if (failure) {
    deps.logger.warn("ai reply failed", {
      err: failure,
      detail: failure instanceof ProviderError ? failure.detail : undefined,
    });
    const balance = (await giveBack("AI 服务失败")) ?? (await getBalance(db, userId));
    const reason = failure instanceof ProviderError ? failure.message : "AI 服务出错";
    return {
      kind: "error",
      message: `${reply.spent ? "回答失败，点数已退还。" : "回答失败。"}${reason}`,
      partial: await save("error", 0),
      balance,
    };
  }
  const message = await save("done", reply.cost);
  return { kind: "done", message, balance: await getBalance(db, userId) };
}
