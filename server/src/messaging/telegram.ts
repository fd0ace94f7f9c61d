import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { AppDeps } from "../context.ts";
import { checkout, type DbClient } from "../db/pool.ts";
import type { TelegramConfig } from "../env.ts";
import { claimMessage, saveReply } from "./bindings.store.ts";
import { handleIncoming, type Incoming, UNBOUND_HINT } from "./inbox.ts";

/**
 * A Telegram bot as a capture box, by long polling the Bot API
 * (https://core.telegram.org/bots/api#getupdates): no public URL needed. Telegram refuses two
 * getUpdates at once (409), so one process polls: the one holding a session advisory lock, on a
 * connection it keeps (its death frees the lock; another process takes it within lockRetryMs). A
 * lost connection (a PostgreSQL restart) stops this process's poll at once, and it goes back to
 * taking the lock.
 * Each update is claimed once by its update_id (messaging_seen), then answered with sendMessage.
 */

type TgMessage = {
  message_id: number;
  chat: { id: number; type: string };
  text?: string;
  caption?: string;
  photo?: { file_id: string; file_size?: number; width: number; height: number }[];
  voice?: { file_id: string; file_size?: number; mime_type?: string; duration?: number };
  audio?: { file_id: string; file_size?: number };
  /** The message this one replies to (https://core.telegram.org/bots/api#message). */
  reply_to_message?: { from?: { is_bot?: boolean }; text?: string };
};
type TgUpdate = { update_id: number; message?: TgMessage };

class TelegramError extends Error {
  override name = "TelegramError";
  readonly code: number | null;
  constructor(message: string, code: number | null) {
    super(message);
    this.code = code;
  }
}

const LOCK = "SELECT pg_try_advisory_lock(hashtext('shinian telegram poller')::bigint) AS mine";
const UNLOCK = "SELECT pg_advisory_unlock(hashtext('shinian telegram poller')::bigint)";
const unlock = (client: DbClient) => client.query(UNLOCK).catch(() => undefined);

async function api<T>(config: TelegramConfig, method: string, body: object, signal: AbortSignal): Promise<T> {
  const res = await fetch(`${config.apiBase}/bot${config.token}/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  const answer = (await res.json().catch(() => null)) as {
    ok?: boolean;
    result?: T;
    error_code?: number;
    description?: string;
  } | null;
  if (!answer?.ok) {
    // the token is in the URL: never in the message
    throw new TelegramError(
      `${method}: ${answer?.description ?? `HTTP ${res.status}`}`,
      answer?.error_code ?? res.status,
    );
  }
  return answer.result as T;
}

async function download(config: TelegramConfig, fileId: string, stop: AbortSignal): Promise<Buffer> {
  // each call bounded: a stalled download must not hold the poll (or a webhook's work) forever
  const signal = AbortSignal.any([stop, AbortSignal.timeout(config.apiTimeoutMs)]);
  const file = await api<{ file_path?: string; file_size?: number }>(
    config,
    "getFile",
    { file_id: fileId },
    signal,
  );
  if (!file.file_path) throw new TelegramError("getFile: no file_path", null);
  if ((file.file_size ?? 0) > config.maxFileBytes) throw new TelegramError("file too large", null);
  const res = await fetch(`${config.apiBase}/file/bot${config.token}/${file.file_path}`, {
    signal,
    redirect: "error",
  });
  if (!res.ok || !res.body) throw new TelegramError(`file: HTTP ${res.status}`, res.status);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.length;
    if (size > config.maxFileBytes) throw new TelegramError("file too large", null);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Bot commands as the inbox's words: /bind 12345678, /start 12345678 (a deep link), /unbind, /review. */
function asText(text: string): string {
  const command = /^\/(\w+)(?:@\w+)?(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!command) return text;
  const [, name, rest = ""] = command;
  if ((name === "bind" || name === "start") && /^\d{8}$/.test(rest.trim())) return `绑定 ${rest.trim()}`;
  if (name === "unbind") return "解绑";
  if (name === "review") return "回顾";
  return text;
}

function incomingOf(config: TelegramConfig, m: TgMessage, signal: AbortSignal): Incoming | "start" {
  const caption = m.caption ?? undefined;
  const file = (fileId: string, name: string) => ({ name, fetch: () => download(config, fileId, signal) });
  if (m.text !== undefined) {
    if (/^\/start(@\w+)?\s*$/.test(m.text.trim())) return "start";
    const replied = m.reply_to_message;
    // a reply to one of the bot's messages (the 回顾, for a 批注 by number)
    const replyTo = replied?.from?.is_bot && replied.text ? replied.text : undefined;
    return { kind: "text", text: asText(m.text), ...(replyTo ? { replyTo } : {}) };
  }
  if (m.photo?.length) {
    // the largest size Telegram made that is within the bound
    const fits = m.photo.filter((p) => (p.file_size ?? 0) <= config.maxFileBytes);
    const best = fits.toSorted((a, b) => b.width * b.height - a.width * a.height)[0];
    return {
      kind: "image",
      media: best ? file(best.file_id, `telegram-${m.message_id}.jpg`) : null,
      caption,
    };
  }
  if (m.voice)
    return {
      kind: "voice",
      recognition: null,
      media: file(m.voice.file_id, `telegram-${m.message_id}.ogg`),
      caption,
    };
  return { kind: "other" };
}

/** Handles one update: claimed once, answered in its chat. */
export async function handleUpdate(
  deps: AppDeps,
  config: TelegramConfig,
  update: TgUpdate,
  signal: AbortSignal,
) {
  const m = update.message;
  if (!m) return;
  // update_ids count per bot: a new bot token starts its own
  const key = `${config.token.split(":")[0]}:${update.update_id}`;
  const claim = await claimMessage(deps.db, "telegram", key);
  if (!claim.fresh) return;
  let reply: string;
  if (m.chat.type !== "private") reply = "请在与机器人的私聊中使用拾念。";
  else {
    const incoming = incomingOf(config, m, signal);
    reply =
      incoming === "start"
        ? UNBOUND_HINT
        : await handleIncoming(deps, "telegram", String(m.chat.id), incoming).catch((err) => {
            deps.logger.error("telegram message failed", { err });
            return "暂时没能保存，请稍后再试。";
          });
  }
  await saveReply(deps.db, "telegram", key, reply);
  await send(
    config,
    "sendMessage",
    {
      chat_id: m.chat.id,
      text: reply,
      reply_parameters: { message_id: m.message_id, allow_sending_without_reply: true },
      link_preview_options: { is_disabled: true },
    },
    AbortSignal.any([signal, AbortSignal.timeout(config.apiTimeoutMs)]),
  );
}

/** A call whose failure, whatever it is (a refusal, the network, a timeout), is Telegram's side: a TelegramError. */
async function send(config: TelegramConfig, method: string, body: object, signal: AbortSignal) {
  try {
    return await api(config, method, body, signal);
  } catch (err) {
    if (err instanceof TelegramError) throw err;
    throw new TelegramError(`${method}: ${(err as Error).message}`, null);
  }
}

/** Where Telegram posts updates when the site is on https (PUBLIC_URL), instead of long polling. */
export const TELEGRAM_WEBHOOK_PATH = "/telegram/webhook";

/** The secret Telegram sends back in X-Telegram-Bot-Api-Secret-Token: derived from the bot's token, the same in every process. */
export const telegramWebhookSecret = (config: TelegramConfig) =>
  createHash("sha256").update(`shinian telegram webhook\0${config.token}`).digest("hex");

/** Long polling, unless the site is on https: then a webhook (setWebhook), which any process may take. */
export const telegramWebhookUrl = (deps: AppDeps) =>
  deps.config.publicUrl?.startsWith("https://") ? `${deps.config.publicUrl}${TELEGRAM_WEBHOOK_PATH}` : null;

/**
 * The bot's updates for this process: start() once — with a webhook URL it (re)sets the webhook,
 * else it long-polls while it holds the lock; stop() ends the poll and frees the lock.
 */
export function telegramPoller(deps: AppDeps) {
  const config = deps.config.telegram;
  const stopping = new AbortController();
  let loop: Promise<void> | null = null;
  /** Waits ms, or less when stopping (or `also`) aborts. */
  const pause = (ms: number, also?: AbortSignal) =>
    sleep(ms, undefined, {
      signal: also ? AbortSignal.any([stopping.signal, also]) : stopping.signal,
    }).catch(() => undefined);

  /**
   * The lock, on a connection kept for as long as it is held, with an 'error' listener: a
   * PostgreSQL restart ends the connection (and the lock with it) while it sits idle — without a
   * listener, a crash; with one, `lost` aborts and the poll stops at once.
   */
  const takeLock = async () => {
    const lost = new AbortController();
    const held = await checkout(deps.db, (err) => lost.abort(err));
    try {
      const { rows } = await held.client.query<{ mine: boolean }>(LOCK);
      if (rows[0]?.mine) return { ...held, lost: lost.signal };
      held.release();
    } catch (err) {
      deps.logger.warn("telegram poller lock failed", { err });
      held.release(err as Error);
    }
    return null;
  };

  /** Polls while the lock is held; returns when stopping or when the lock's connection is lost. */
  const poll = async (c: TelegramConfig, lost: AbortSignal) => {
    // a webhook left from an https PUBLIC_URL makes every getUpdates fail (409): removed first,
    // its pending updates kept
    while (!stopping.signal.aborted && !lost.aborted) {
      try {
        await api(
          c,
          "deleteWebhook",
          { drop_pending_updates: false },
          AbortSignal.any([stopping.signal, lost, AbortSignal.timeout(c.apiTimeoutMs)]),
        );
        break;
      } catch (err) {
        if (stopping.signal.aborted || lost.aborted) return;
        deps.logger.warn("telegram deleteWebhook failed", { err });
        await pause(c.retryAfterMs, lost);
      }
    }
    let offset: number | undefined;
    while (!stopping.signal.aborted && !lost.aborted) {
      try {
        const updates = await api<TgUpdate[]>(
          c,
          "getUpdates",
          { offset, timeout: c.pollTimeoutS, allowed_updates: ["message"] },
          AbortSignal.any([stopping.signal, lost, AbortSignal.timeout((c.pollTimeoutS + 10) * 1000)]),
        );
        for (const update of updates) {
          try {
            await handleUpdate(deps, c, update, stopping.signal);
          } catch (err) {
            if (!(err instanceof TelegramError)) {
              // not taken (the database failed): asked for again from here after a pause; the
              // claim keeps one that was taken after all from being handled twice
              deps.logger.warn("telegram update not handled; asking again", {
                err,
                updateId: update.update_id,
              });
              await pause(c.retryAfterMs, lost);
              break;
            }
            // taken, its reply not delivered (Telegram refused it): not asked for again
            deps.logger.warn("telegram update not answered", { err, updateId: update.update_id });
          }
          offset = update.update_id + 1;
        }
      } catch (err) {
        if (stopping.signal.aborted || lost.aborted) break;
        deps.logger.warn("telegram getUpdates failed", { err });
        await pause(c.retryAfterMs, lost);
      }
    }
  };

  const run = async (c: TelegramConfig) => {
    while (!stopping.signal.aborted) {
      const held = await takeLock().catch((err) => {
        deps.logger.warn("telegram poller lock failed", { err });
        return null;
      });
      if (!held) {
        await pause(c.lockRetryMs);
        continue;
      }
      try {
        await poll(c, held.lost);
      } finally {
        if (held.lost.aborted) {
          // the connection is gone, and the lock with it: discard it, then take the lock again
          deps.logger.warn("telegram poller lost its lock; taking it again");
          held.release(held.lost.reason instanceof Error ? held.lost.reason : new Error("lock lost"));
        } else {
          await unlock(held.client);
          held.release();
        }
      }
    }
  };

  const setWebhook = async (c: TelegramConfig, url: string) => {
    while (!stopping.signal.aborted) {
      try {
        await api(
          c,
          "setWebhook",
          { url, secret_token: telegramWebhookSecret(c), allowed_updates: ["message"] },
          AbortSignal.any([stopping.signal, AbortSignal.timeout(c.apiTimeoutMs)]),
        );
        return;
      } catch (err) {
        deps.logger.warn("telegram setWebhook failed", { err });
        await pause(c.lockRetryMs);
      }
    }
  };

  return {
    start() {
      if (!config || loop) return;
      const webhook = telegramWebhookUrl(deps);
      loop = (webhook ? setWebhook(config, webhook) : run(config)).catch((err) =>
        deps.logger.error("telegram poller stopped", { err }),
      );
    },
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
