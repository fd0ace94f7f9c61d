import { CreateIdeaRequestSchema, type FeedItem, type MessagingPlatform } from "@shinian/contract";
import { getUser } from "../accounts/accounts.store.ts";
import { storeUpload } from "../attachments/intake.ts";
import { transcribeAttachment } from "../attachments/transcribe.ts";
import type { AppDeps } from "../context.ts";
import { ApiError } from "../errors.ts";
import { createAnnotation } from "../items/annotations.store.ts";
import { captureIdea } from "../items/capture.ts";
import { limitWrites } from "../points/write-limits.ts";
import { chatReviewHeading } from "../push/message.ts";
import { reviewDay, reviewToday } from "../review/review.ts";
import {
  attemptBind,
  type Binding,
  findBinding,
  type ReviewRef,
  rememberReview,
  unbindExternal,
} from "./bindings.store.ts";

/**
 * What a bound chat sends, whatever the platform (WeChat today, Telegram next), and the one reply
 * text it gets back. The rules live here once: 绑定/解绑, 回顾 and the review by reply, and
 * captures through the ideas wing's capture service (tags parsed as everywhere).
 */

/** A file the platform holds, fetched only once the sender is known to be bound. */
export type Media = { name: string; fetch: () => Promise<Buffer> };

export type Incoming =
  | {
      kind: "text";
      text: string;
      /** The bot's message this one answers (Telegram's reply_to_message), when it is the bot's. */
      replyTo?: string;
    }
  | { kind: "link"; title: string; url: string; description: string }
  | { kind: "image"; media: Media | null; caption?: string }
  | { kind: "voice"; recognition: string | null; media: Media | null; caption?: string }
  | { kind: "other" };

const BIND = /^\s*绑定\s*(\d{8})\s*$/;
const UNBIND = /^\s*解绑\s*$/;
const REVIEW = /^\s*(回顾|每日回顾)\s*$/;
/**
 * `2 今天又想到…` within REVIEW_REPLY_MS of a 回顾: the number of an item, a space, and the 批注 on
 * one line. Anything else — `1. 买牛奶` and a numbered list most of all — is an ordinary idea.
 */
const REVIEW_REPLY = /^\s*(\d{1,2})[ \u3000]+(\S[^\n]*)$/;
const REVIEW_REPLY_MS = 30 * 60_000;
/** A reply (Telegram's reply_to_message) to the 回顾 itself says what it is: `2 …`, `2. …`, `2、…`, several lines. */
const REPLY_TO_REVIEW = /^\s*(\d{1,2})\s*[.、．:：,，)）]?\s*([\s\S]+)$/;
/** A 回顾 reply fits WeChat's passive reply (2048 bytes, less the cut's margin); Telegram's 4096 characters hold it too. */
const REVIEW_MAX_BYTES = 2000;

export const UNBOUND_HINT =
  "你好，这里是拾念。请先在拾念网页「个人资料 → 微信与 Telegram」获取绑定码，然后发送「绑定 12345678」（换成你的 8 位绑定码）。绑定前发来的消息不会保存。";

const PLATFORM_NAMES: Record<MessagingPlatform, string> = { wechat: "微信", telegram: "Telegram" };

const EXCERPT = 40;

const flat = (text: string) => text.replace(/\s+/g, " ").trim();
const excerpt = (text: string, n = EXCERPT) => {
  const t = flat(text);
  return t.length > n ? `${t.slice(0, n)}…` : t;
};

/** Where the person opens what was saved. */
const siteUrl = (deps: AppDeps) => deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
const ideaUrl = (deps: AppDeps, id: string) => `${siteUrl(deps)}/ideas/${id}`;
const itemUrl = (deps: AppDeps, ref: ReviewRef) => `${siteUrl(deps)}/${ref.type}s/${ref.id}`;

/** An API refusal (quota, rate limit, bad text) told in the chat; anything else is the caller's to log. */
const told = (err: unknown, what: string) => {
  if (err instanceof ApiError) return `没有保存${what}：${err.message}`;
  throw err;
};

export async function handleIncoming(
  deps: AppDeps,
  platform: MessagingPlatform,
  externalId: string,
  message: Incoming,
): Promise<string> {
  const text = message.kind === "text" ? message.text : null;
  const code = text ? BIND.exec(text)?.[1] : undefined;
  if (code) return bindWith(deps, platform, externalId, code);
  if (text && UNBIND.test(text)) {
    return (await unbindExternal(deps.db, platform, externalId))
      ? "已解除绑定，此后发来的消息不再保存。需要时可在拾念重新获取绑定码。"
      : "当前没有绑定拾念账号。";
  }
  const binding = await findBinding(deps.db, platform, externalId);
  if (!binding) return UNBOUND_HINT;
  try {
    switch (message.kind) {
      case "text":
        if (REVIEW.test(message.text)) return await review(deps, binding);
        return (
          (await replyToReview(deps, binding, message.text, message.replyTo)) ??
          (await capture(deps, binding, message.text))
        );
      case "link":
        return await capture(
          deps,
          binding,
          [
            message.title && `《${flat(message.title)}》`,
            message.description && flat(message.description),
            message.url,
          ]
            .filter(Boolean)
            .join("\n"),
          "链接",
        );
      case "image":
        return await captureFile(deps, binding, message.media, "图片", message.caption, platform);
      case "voice":
        if (message.recognition?.trim()) return await capture(deps, binding, message.recognition, "语音");
        return await captureFile(deps, binding, message.media, "语音", message.caption, platform);
      default:
        return "暂时只能保存文字、链接、图片和语音。";
    }
  } catch (err) {
    return told(err, "");
  }
}

async function bindWith(deps: AppDeps, platform: MessagingPlatform, externalId: string, code: string) {
  const { db, config } = deps;
  const attempt = await attemptBind(db, platform, externalId, code, {
    perSender: config.messaging.bindFailuresPerHour,
    overall: config.messaging.bindFailuresPerHourOverall,
  });
  if (attempt.outcome === "busy") return "绑定请求过多，请稍后再试。";
  if (attempt.outcome === "senderLimited") return "绑定码错误次数过多，请一小时后再试。";
  if (attempt.outcome !== "bound") return "绑定码无效或已过期，请在拾念「个人资料」重新获取。";
  const { userId } = attempt;
  const { nickname } = await getUser(db, userId);
  return `绑定成功：此后发来的文字、链接、图片和语音都会记到「${nickname}」的拾念里。发送「回顾」查看今日回顾，发送「解绑」解除绑定。`;
}

async function capture(
  deps: AppDeps,
  binding: Binding,
  content: string,
  what = "",
  attachmentIds?: string[],
) {
  const parsed = CreateIdeaRequestSchema.pick({ content: true }).safeParse({ content });
  if (!parsed.success) return `没有保存：${parsed.error.issues[0]?.message ?? "内容无法保存"}`;
  const { userId } = binding;
  await limitWrites(deps, userId, "captures");
  const { settings } = await getUser(deps.db, userId);
  const { idea } = await captureIdea(
    deps,
    { userId, autoTidy: settings.autoTidy },
    { content: parsed.data.content, attachmentIds },
  );
  const tags = idea.tags.length ? `\n标签：${idea.tags.map((t) => `#${t}`).join(" ")}` : "";
  return `已记下${what}：${excerpt(idea.content)}${tags}\n${ideaUrl(deps, idea.id)}`;
}

/** A file's idea says what came with it; else a recording written out (where a model is configured); else where it came from. */
async function captureFile(
  deps: AppDeps,
  binding: Binding,
  media: Media | null,
  what: "图片" | "语音",
  caption: string | undefined,
  platform: MessagingPlatform,
) {
  if (!media) return `没有保存${what}：本站没有配置读取${what}所需的密钥，请联系管理员。`;
  const { userId } = binding;
  await limitWrites(deps, userId, "uploads");
  let bytes: Buffer;
  try {
    bytes = await media.fetch();
  } catch (err) {
    deps.logger.warn("chat media not fetched", { err });
    return `没有保存${what}：取${what}失败（可能过大或已过期），请稍后重发。`;
  }
  const stored = await storeUpload(deps, userId, { name: media.name, bytes, durationMs: null });
  let text = caption?.trim() ? caption : `来自${PLATFORM_NAMES[platform]}的${what}`;
  if (!caption?.trim() && stored.kind === "audio" && deps.config.transcribe) {
    // the recording is kept either way
    const heard = await transcribeAttachment(deps, userId, stored.id, {}).catch(() => null);
    if (heard?.text) text = heard.text;
  }
  return capture(deps, binding, text, what, [stored.id]);
}

/**
 * A 回顾 line. An idea marked 不让AI读取 is sent by its title only, never its words (as the push
 * channels do, push/schedule.ts entryOf): a chat app's servers and its notifications are places
 * others may read.
 */
const itemTitle = (item: FeedItem) => {
  if (item.type === "idea" && item.aiExcluded) return excerpt(item.title.trim() || "一条想法（内容不推送）");
  return excerpt(item.title || (item.type === "idea" ? item.content : "") || "（无标题）");
};

async function review(deps: AppDeps, binding: Binding) {
  const today = await reviewToday(deps, binding.userId);
  if (!today.items.length) return "今日回顾还没有内容：先多记几条吧。";
  const head = [chatReviewHeading(today.date)];
  const foot = [
    "",
    "回复「序号 + 空格 + 文字」给那一条追加批注，如「1 今天又想到…」（30 分钟内）。",
    `${siteUrl(deps)}/review`,
  ];
  // built to fit: only the items shown are remembered, so a number always means what was seen
  const lines: string[] = [];
  const shown: ReviewRef[] = [];
  for (const [n, item] of today.items.entries()) {
    const line = `${n + 1}. ${itemTitle(item)}`;
    const rest = today.items.length - n - 1;
    const more = rest ? [`还有 ${rest} 条，请在网页查看。`] : [];
    if (Buffer.byteLength([...head, ...lines, line, ...more, ...foot].join("\n")) > REVIEW_MAX_BYTES) {
      lines.push(`还有 ${today.items.length - n} 条，请在网页查看。`);
      break;
    }
    lines.push(line);
    shown.push({ type: item.type, id: item.id });
  }
  await rememberReview(deps.db, binding.id, today.date, shown, true);
  return [...head, ...lines, ...foot].join("\n");
}

/**
 * `2 …` within 30 minutes of today's 回顾 (or, on Telegram, any reply to that 回顾 message): a 批注
 * on its second item; null when the text is not such a reply.
 */
async function replyToReview(
  deps: AppDeps,
  binding: Binding,
  text: string,
  replyTo: string | undefined,
): Promise<string | null> {
  if (!binding.reviewDay || binding.reviewDay !== reviewDay(deps)) return null;
  const answersReview = replyTo?.startsWith(chatReviewHeading(binding.reviewDay)) ?? false;
  // a reply to another day's review (or to any other message) never takes today's numbers
  const recent =
    replyTo === undefined &&
    binding.reviewAt !== null &&
    Date.now() - binding.reviewAt.getTime() <= REVIEW_REPLY_MS;
  const match = answersReview ? REPLY_TO_REVIEW.exec(text) : recent ? REVIEW_REPLY.exec(text) : null;
  if (!match) return null;
  const n = Number(match[1]);
  const content = (match[2] ?? "").trim();
  const ref = binding.reviewItems[n - 1];
  if (!ref || !content) return null;
  // 批注 hang under ideas; a note gets a new idea that links to it
  if (ref.type === "note")
    return capture(deps, binding, `${content}\n\n[[note:${ref.id}]]`, `（关于回顾第 ${n} 条）`);
  const { userId } = binding;
  await limitWrites(deps, userId, "captures", "追加批注");
  const parsed = CreateIdeaRequestSchema.pick({ content: true }).safeParse({ content });
  if (!parsed.success) return `没有保存：${parsed.error.issues[0]?.message ?? "内容无法保存"}`;
  try {
    await createAnnotation(deps.db, deps.config.quota, userId, ref.id, {
      content: parsed.data.content,
      clientId: null,
      capturedAt: null,
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === "NOT_FOUND") return `回顾第 ${n} 条已不在（可能已删除）。`;
    throw err;
  }
  return `已追加批注到回顾第 ${n} 条：${excerpt(content)}\n${itemUrl(deps, ref)}`;
}
