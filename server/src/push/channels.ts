import { randomUUID } from "node:crypto";
import type {
  CreatePushChannelRequest,
  CreatePushChannelRequestSchema,
  PushChannel,
  PushChannelKind,
  PushStatus,
  PushTestResult,
  UpdatePushChannelRequestSchema,
} from "@shinian/contract";
import type { z } from "zod";
import type { AppDeps } from "../context.ts";
import { ApiError, notFound } from "../errors.ts";
import { rememberReview, telegramChat } from "../messaging/bindings.store.ts";
import { refuseOutboundUrl } from "../shared/outbound-url.ts";
import type { PushEntry, PushMessage } from "./message.ts";
import { post } from "./post.ts";
import {
  type ChannelRow,
  findChannelRow,
  getSettings,
  insertChannel,
  listChannelRows,
  markFailed,
  markSent,
  takeSendSlot,
  toChannel,
  updateChannel,
} from "./push.store.ts";
import { openConfig, sealConfig } from "./saved-config.ts";
import { type ChannelConfig, isPassing, refusalOf, requestFor } from "./vendors.ts";

export const PUSH_NOT_CONFIGURED = "本服务器未开启推送（管理员未设置 SECRET_KEY），请联系管理员";

function keyOf(deps: AppDeps): Buffer {
  const key = deps.config.push.key;
  if (!key) throw new ApiError("FORBIDDEN", PUSH_NOT_CONFIGURED);
  return key;
}

export async function pushStatus(deps: AppDeps, userId: string): Promise<PushStatus> {
  const available = deps.config.push.key !== null;
  const [settings, rows] = await Promise.all([
    getSettings(deps.db, userId),
    listChannelRows(deps.db, userId),
  ]);
  return {
    available,
    message: available ? null : PUSH_NOT_CONFIGURED,
    settings,
    channels: rows.map(toChannel),
  };
}

/** What may be shown of where a channel sends: the host, never the path or query (they carry tokens). */
const targetOf = (kind: Exclude<PushChannelKind, "telegram">, config: ChannelConfig) =>
  kind === "serverchan" ? "sctapi.ftqq.com" : new URL(config.url!).host;

export const TELEGRAM_OFF = "本服务器没有开通 Telegram 机器人，请联系管理员";
const TELEGRAM_GONE = "这个 Telegram 对话已解除绑定，请删除这个渠道";
const CHAT_NOT_FOUND = "没有找到这个已绑定的 Telegram 对话";
const FOREIGN_KEY_VIOLATION = "23503";

/** A bound Telegram chat as a channel: the site's bot sends to it; nothing of it is secret. */
async function createTelegramChannel(
  deps: AppDeps,
  userId: string,
  key: Buffer,
  body: { name?: string | null; bindingId: string },
): Promise<PushChannel> {
  if (!deps.config.telegram) throw new ApiError("FORBIDDEN", TELEGRAM_OFF);
  const chat = await telegramChat(deps.db, userId, body.bindingId);
  if (!chat) throw notFound(CHAT_NOT_FOUND);
  const id = randomUUID();
  const row = await insertChannel(
    deps.db,
    {
      id,
      user_id: userId,
      kind: "telegram",
      name: body.name ?? null,
      target: chat.label,
      binding_id: body.bindingId,
      config_enc: sealConfig(key, {}, { userId, channelId: id }),
      secret_set: false,
    },
    deps.config.push.maxPerAccount,
  ).catch((err: { code?: string }) => {
    // unbound (or bound to another account) since it was read
    if (err.code === FOREIGN_KEY_VIOLATION) throw notFound(CHAT_NOT_FOUND);
    throw err;
  });
  if (row === "taken") throw new ApiError("CONFLICT", "这个 Telegram 对话已经在推送渠道里了");
  if (row === "full")
    throw new ApiError("CONFLICT", `每个账号最多添加 ${deps.config.push.maxPerAccount} 个推送渠道`);
  return toChannel(row);
}

const secretSetOf = (kind: PushChannelKind, c: ChannelConfig) =>
  kind === "bark" ? Boolean(c.deviceKey) : kind === "serverchan" ? Boolean(c.sendKey) : Boolean(c.secret);

function refuseUrl(deps: AppDeps, url: string | undefined, kind: PushChannelKind) {
  if (url === undefined) return;
  const refused = refuseOutboundUrl(url, deps.config.push.allowLocal) ?? refuseBarkPath(kind, url);
  if (refused)
    throw new ApiError("VALIDATION_ERROR", refused, { issues: [{ path: "url", message: refused }] });
}

/**
 * Bark's server address is the server only: people paste https://api.day.app/<key>/… from the
 * app, whose path carries the device key (asked for on its own) and would be sent to as a path.
 */
function refuseBarkPath(kind: PushChannelKind, url: string): string | null {
  if (kind !== "bark") return null;
  const u = new URL(url);
  return u.pathname.replace(/\/+$/, "") || u.search
    ? "Bark 服务器地址只填到域名（如 https://api.day.app），不要带设备 Key 或路径；设备 Key 填在下一栏"
    : null;
}

export async function createChannel(
  deps: AppDeps,
  userId: string,
  body: z.output<typeof CreatePushChannelRequestSchema>,
): Promise<PushChannel> {
  const key = keyOf(deps);
  if (body.kind === "telegram") return createTelegramChannel(deps, userId, key, body);
  const { kind, name, ...config } = body as Exclude<CreatePushChannelRequest, { kind: "telegram" }> &
    ChannelConfig;
  refuseUrl(deps, config.url, kind);
  const id = randomUUID();
  const row = await insertChannel(
    deps.db,
    {
      id,
      user_id: userId,
      kind,
      name: name ?? null,
      target: targetOf(kind, config),
      binding_id: null,
      config_enc: sealConfig(key, config, { userId, channelId: id }),
      secret_set: secretSetOf(kind, config),
    },
    deps.config.push.maxPerAccount,
  );
  if (typeof row === "string")
    throw new ApiError("CONFLICT", `每个账号最多添加 ${deps.config.push.maxPerAccount} 个推送渠道`);
  return toChannel(row);
}

export async function ownChannel(deps: AppDeps, userId: string, id: string): Promise<ChannelRow> {
  const row = await findChannelRow(deps.db, userId, id);
  if (!row) throw notFound("推送渠道不存在");
  return row;
}

const FIELDS: Record<PushChannelKind, (keyof ChannelConfig)[]> = {
  wecom: ["url"],
  feishu: ["url", "secret"],
  dingtalk: ["url", "secret"],
  bark: ["url", "deviceKey"],
  serverchan: ["sendKey"],
  webhook: ["url", "secret"],
  telegram: [],
};

function unreadable(): never {
  throw new ApiError("CONFLICT", "服务器的密钥已更换，这个渠道保存的地址和密钥无法读取，请删除后重新添加");
}

export async function editChannel(
  deps: AppDeps,
  userId: string,
  id: string,
  body: z.output<typeof UpdatePushChannelRequestSchema>,
): Promise<PushChannel> {
  const key = keyOf(deps);
  const row = await ownChannel(deps, userId, id);
  const { name, enabled, ...changes } = body;
  for (const field of Object.keys(changes) as (keyof ChannelConfig)[]) {
    if (!FIELDS[row.kind].includes(field)) {
      const message = `${toChannel(row).name}没有“${field}”这一项`;
      throw new ApiError("VALIDATION_ERROR", message, { issues: [{ path: field, message }] });
    }
  }
  if (
    row.kind === "webhook" &&
    changes.secret !== undefined &&
    !/^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/.test(changes.secret)
  ) {
    const message = "签名密钥须以 whsec_ 开头，后接至少 24 字节的 base64";
    throw new ApiError("VALIDATION_ERROR", message, { issues: [{ path: "secret", message }] });
  }
  refuseUrl(deps, changes.url, row.kind);
  const where = { userId, channelId: id };
  const current =
    row.kind === "telegram" ? {} : (openConfig(deps.config.push, row.config_enc, where) ?? unreadable());
  const next: ChannelConfig = { ...current, ...changes };
  if (next.secret === "") delete next.secret;
  const saved = await updateChannel(
    deps.db,
    {
      id,
      user_id: userId,
      name: name === undefined ? row.name : name,
      target: row.kind === "telegram" ? row.target : targetOf(row.kind, next),
      config_enc: sealConfig(key, next, where),
      secret_set: secretSetOf(row.kind, next),
    },
    enabled,
  );
  if (!saved) throw notFound("推送渠道不存在");
  return toChannel(saved);
}

export type Sent =
  | { ok: true; row: ChannelRow }
  | { ok: false; error: string; row: ChannelRow; passing: boolean }
  /** Our own shutdown cut the send short: nothing recorded on the channel. */
  | { ok: false; aborted: true };

const offReason = (max: number, error: string) =>
  `连续 ${max} 次发送失败，已停用（最后一次：${error}）。修好后点“发送测试消息”或重新启用`;

/**
 * One message to one channel: a send slot of its minute taken first (refused past it, not a
 * failure), then the vendor's request through the address guard. The outcome is recorded on the
 * channel: a success clears its failures (a test switches it on again); a failure is kept as the
 * last error, and counts toward switching the channel off only when `counts` says so and it is a
 * real refusal (not a network error, a 5xx, a 429 or a vendor's rate limit: vendors.ts isPassing);
 * the maxFailures-th counted in a row switches it off with the reason. A send our own shutdown
 * aborted is recorded nowhere. `msgId`: a webhook's `webhook-id` (the same for every try of one
 * scheduled push, so that a receiver can tell a repeat).
 */
export async function sendToChannel(
  deps: AppDeps,
  row: ChannelRow,
  message: PushMessage,
  o: { test: boolean; counts: boolean; msgId?: string; timeoutMs?: number },
): Promise<Sent | { ok: false; limited: true }> {
  const limits = deps.config.push;
  if (!(await takeSendSlot(deps.db, row.id, limits.perChannelPerMinute))) return { ok: false, limited: true };
  // a Telegram channel keeps nothing sealed: its chat is its binding's, read at each send
  const telegram = row.kind === "telegram";
  const config = telegram
    ? {}
    : openConfig(limits, row.config_enc, { userId: row.user_id, channelId: row.id });
  const chat = row.binding_id ? await telegramChat(deps.db, row.user_id, row.binding_id) : null;
  let error: string | null;
  let passing = false;
  let numbered: PushEntry[] = [];
  if (!config) error = "服务器的密钥已更换，这个渠道保存的地址和密钥无法读取";
  else if (telegram && !deps.config.telegram) {
    // the operator's setting, not the person's: it never switches their channel off
    error = TELEGRAM_OFF;
    passing = true;
  } else if (telegram && !chat) error = TELEGRAM_GONE;
  else {
    const req = requestFor(row.kind, { ...config, ...(chat ? { chatId: chat.chatId } : {}) }, message, {
      now: deps.clock(),
      serverchanUrl: limits.serverchanUrl,
      msgId: o.msgId ?? `msg_${randomUUID()}`,
      telegram: deps.config.telegram ?? null,
    });
    numbered = req.numbered ?? [];
    const answered = await post(req.url, req.body, {
      contentType: req.contentType,
      ...(req.headers ? { headers: req.headers } : {}),
      timeoutMs: o.timeoutMs ?? limits.timeoutMs,
      maxResponseBytes: limits.maxResponseBytes,
      // Telegram's address is the operator's own setting (a local Bot API server may be on this
      // machine), never a person's, as for the bot's polling
      allowLocal: limits.allowLocal || telegram,
      signal: deps.work.signal,
    });
    if (answered.status === null && deps.work.signal.aborted) return { ok: false, aborted: true };
    if (answered.status === null) {
      error = answered.error;
      passing = true;
    } else {
      error = refusalOf(row.kind, answered.status, answered.text);
      passing = isPassing(row.kind, answered.status, answered.text);
    }
  }
  if (error === null) {
    // a reply to it in the chat (`2 …`) then means the pushed review's second item (messaging/inbox.ts)
    if (row.binding_id && message.day && numbered.length)
      await rememberReview(
        deps.db,
        row.binding_id,
        message.day,
        numbered.map((e) => e.ref!),
        false,
      );
    return { ok: true, row: (await markSent(deps.db, row.id, o.test)) ?? row };
  }
  const failed = await markFailed(
    deps.db,
    row.id,
    error,
    limits.maxFailures,
    offReason(limits.maxFailures, error),
    o.counts && !passing,
  );
  return { ok: false, error, passing, row: failed ?? row };
}

export function testMessage(deps: AppDeps): PushMessage {
  return {
    type: "push.test",
    title: "拾念测试消息",
    intro: "收到这条消息，说明推送渠道已经设置好了。每日回顾会在你设定的时间推送到这里。",
    blocks: [],
    url: `${siteOf(deps)}/profile`,
  };
}

export const siteOf = (deps: Pick<AppDeps, "config">) =>
  deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;

export async function testChannel(deps: AppDeps, userId: string, id: string): Promise<PushTestResult> {
  keyOf(deps);
  const row = await ownChannel(deps, userId, id);
  // a person's own test counts each refusal: five tries with a wrong secret switch it off
  const sent = await sendToChannel(deps, row, testMessage(deps), { test: true, counts: true });
  if ("limited" in sent)
    throw new ApiError("RATE_LIMITED", "这个渠道发送太频繁了，请一分钟后再试", {
      headers: { "Retry-After": "60" },
    });
  if ("aborted" in sent) throw new ApiError("SERVICE_UNAVAILABLE", "服务器正在重启，请稍后再试");
  return sent.ok
    ? { ok: true, message: "测试消息已发送", channel: toChannel(sent.row) }
    : { ok: false, message: `发送失败：${sent.error}`, channel: toChannel(sent.row) };
}
