import { createHmac } from "node:crypto";
import type { PushChannelKind } from "@shinian/contract";
import { signedHeaders } from "../webhooks/signing.ts";
import {
  type PushEntry,
  type PushMessage,
  toFeishuPost,
  toMarkdown,
  toPlain,
  toTelegramHtml,
} from "./message.ts";

/** A channel's configuration as sealed (saved-config.ts): its address and secrets. */
export type ChannelConfig = {
  url?: string;
  /** Feishu's and DingTalk's signing secret; a webhook's whsec_ secret. */
  secret?: string;
  deviceKey?: string;
  sendKey?: string;
  /** Telegram: the bound chat, read from its binding at each send (never sealed). */
  chatId?: string;
};

export type VendorRequest = {
  url: string;
  contentType: string;
  headers?: Record<string, string>;
  body: string;
  /** The review's entries sent with a number (Telegram): a reply `2 …` means the second. */
  numbered?: PushEntry[];
};

const JSON_TYPE = "application/json; charset=utf-8";

/** WeCom: a markdown message's content is at most 4096 bytes (UTF-8). */
const WECOM_MARKDOWN_BYTES = 4096;
/** Feishu: a request body at most 20 KB; its post is kept to this many bytes of JSON (room for the rest). */
const FEISHU_POST_BYTES = 18_000;
/** DingTalk, Server酱: kept as small as Feishu's. */
const MARKDOWN_BYTES = 16_000;
const BARK_BODY_CHARS = 1000;
/** Telegram: a message's text is at most 4096 characters after its entities are parsed; the HTML is kept under. */
const TELEGRAM_CHARS = 4000;

/**
 * Feishu's 签名校验: the key is `timestamp + "\n" + secret`, the message empty; HMAC-SHA256, base64.
 * https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot
 */
export function feishuSign(secret: string, timestampS: number): string {
  return createHmac("sha256", `${timestampS}\n${secret}`).update("").digest("base64");
}

/**
 * DingTalk's 加签: HMAC-SHA256 keyed with the secret over `timestamp + "\n" + secret` (milliseconds),
 * base64; sent URL-encoded as the `sign` query parameter beside `timestamp`.
 * https://open.dingtalk.com/document/robots/customize-robot-security-settings
 */
export function dingtalkSign(secret: string, timestampMs: number): string {
  return createHmac("sha256", secret).update(`${timestampMs}\n${secret}`).digest("base64");
}

/** Each vendor's request, shaped and signed as its documentation says. */
export function requestFor(
  kind: PushChannelKind,
  config: ChannelConfig,
  message: PushMessage,
  o: {
    now: Date;
    serverchanUrl: string;
    msgId: string;
    telegram: { apiBase: string; token: string } | null;
  },
): VendorRequest {
  switch (kind) {
    case "wecom":
      // https://developer.work.weixin.qq.com/document/path/91770
      return {
        url: config.url!,
        contentType: JSON_TYPE,
        body: JSON.stringify({
          msgtype: "markdown",
          markdown: { content: toMarkdown(message, WECOM_MARKDOWN_BYTES) },
        }),
      };
    case "feishu": {
      const timestamp = Math.floor(o.now.getTime() / 1000);
      const signed = config.secret
        ? { timestamp: String(timestamp), sign: feishuSign(config.secret, timestamp) }
        : {};
      return {
        url: config.url!,
        contentType: JSON_TYPE,
        body: JSON.stringify({
          ...signed,
          msg_type: "post",
          content: toFeishuPost(message, FEISHU_POST_BYTES),
        }),
      };
    }
    case "dingtalk": {
      const url = new URL(config.url!);
      if (config.secret) {
        const timestamp = o.now.getTime();
        url.searchParams.set("timestamp", String(timestamp));
        // URLSearchParams encodes it (+, / and = of base64 included), as urlEncode does
        url.searchParams.set("sign", dingtalkSign(config.secret, timestamp));
      }
      return {
        url: url.toString(),
        contentType: JSON_TYPE,
        body: JSON.stringify({
          msgtype: "markdown",
          markdown: { title: message.title, text: toMarkdown(message, MARKDOWN_BYTES) },
        }),
      };
    }
    case "bark":
      // https://github.com/Finb/bark-server/blob/master/docs/API_V2.md: POST /push
      return {
        url: `${config.url!.replace(/\/+$/, "")}/push`,
        contentType: JSON_TYPE,
        body: JSON.stringify({
          device_key: config.deviceKey,
          title: message.title,
          body: toPlain(message, BARK_BODY_CHARS) || message.title,
          url: message.url,
          group: "拾念",
        }),
      };
    case "serverchan":
      // https://sct.ftqq.com/: POST https://sctapi.ftqq.com/<SendKey>.send, title and desp (Markdown)
      return {
        url: `${o.serverchanUrl.replace(/\/+$/, "")}/${encodeURIComponent(config.sendKey!)}.send`,
        contentType: "application/x-www-form-urlencoded; charset=utf-8",
        body: new URLSearchParams({
          title: message.title.slice(0, 32),
          desp: toMarkdown(message, MARKDOWN_BYTES),
        }).toString(),
      };
    case "webhook": {
      // Standard Webhooks, signed as the outgoing webhooks are (webhooks/signing.ts)
      const body = JSON.stringify({
        type: message.type,
        timestamp: o.now.toISOString(),
        data: {
          title: message.title,
          intro: message.intro,
          // as documented in docs/api.md: each entry its text and link
          blocks: message.blocks.map((b) => ({
            heading: b.heading,
            entries: b.entries.map(({ text, url }) => ({ text, url })),
          })),
          url: message.url,
        },
      });
      return {
        url: config.url!,
        contentType: JSON_TYPE,
        headers: signedHeaders(config.secret!, o.msgId, o.now, body),
        body,
      };
    }
    case "telegram": {
      // https://core.telegram.org/bots/api#sendmessage, with HTML formatting (#html-style); a chat
      // id is an integer of at most 52 bits (#chat), a JSON number as Telegram sends it
      const { html, numbered } = toTelegramHtml(message, TELEGRAM_CHARS);
      const chatId = config.chatId!;
      return {
        url: `${o.telegram!.apiBase}/bot${o.telegram!.token}/sendMessage`,
        contentType: JSON_TYPE,
        body: JSON.stringify({
          chat_id: /^-?\d{1,16}$/.test(chatId) ? Number(chatId) : chatId,
          text: html,
          parse_mode: "HTML",
          link_preview_options: { is_disabled: true },
        }),
        numbered,
      };
    }
  }
}

type Json = Record<string, unknown>;
const parse = (text: string): Json | null => {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" ? (v as Json) : null;
  } catch {
    return null;
  }
};
const LABEL: Record<PushChannelKind, string> = {
  wecom: "企业微信",
  feishu: "飞书",
  dingtalk: "钉钉",
  bark: "Bark",
  serverchan: "Server酱",
  webhook: "接收地址",
  telegram: "Telegram",
};
const clip = (s: string) => (s.length > 200 ? `${s.slice(0, 199)}…` : s);

/**
 * Whether the vendor took it, by its own answer: WeCom and DingTalk `{errcode, errmsg}` (0),
 * Feishu `{code, msg}` (0), Bark `{code, message}` (200), Server酱 `{code, message}` (0), a
 * webhook any 2xx, Telegram `{ok: true}`. Null when it did; else the vendor's own words, in a Chinese sentence.
 */
export function refusalOf(kind: PushChannelKind, status: number, text: string): string | null {
  const label = LABEL[kind];
  if (kind === "webhook") return status >= 200 && status < 300 ? null : `接收地址答复 HTTP ${status}`;
  const json = parse(text);
  if (kind === "telegram") {
    // https://core.telegram.org/bots/api#making-requests: {ok, result} or {ok: false, error_code, description}
    if (status >= 200 && status < 300 && json?.ok === true) return null;
    return clip(
      `${label}：${String(json?.description ?? `HTTP ${status}`)}（错误码 ${String(json?.error_code ?? status)}）`,
    );
  }
  const [code, words, okCode] =
    kind === "wecom" || kind === "dingtalk"
      ? [json?.errcode, json?.errmsg, 0]
      : kind === "feishu"
        ? [json?.code ?? json?.StatusCode, json?.msg ?? json?.StatusMessage, 0]
        : kind === "bark"
          ? [json?.code, json?.message, 200]
          : [json?.code, json?.message, 0];
  if (status >= 200 && status < 300 && code === okCode) return null;
  if (typeof code === "number" || typeof words === "string")
    return clip(`${label}：${String(words ?? "")}（错误码 ${String(code ?? status)}）`);
  return `${label}答复 HTTP ${status}${text ? `：${clip(text.trim())}` : ""}`;
}

/**
 * The vendors' documented "too fast" answers: WeCom 45009 (api freq out of limit), DingTalk 130101
 * (send too fast), Feishu 11232 (frequency limited) and 230020 (the chat's limit).
 */
const RATE_LIMIT_CODES: Partial<Record<PushChannelKind, number[]>> = {
  wecom: [45009],
  dingtalk: [130101],
  feishu: [11232, 230020],
};

/**
 * Whether a failed send says nothing about the channel's own setup: no answer at all (our network,
 * a timeout), the vendor's 5xx, a 429, or its documented rate-limit code. Such a failure is kept
 * as the channel's last error but never counts toward switching it off.
 */
export function isPassing(kind: PushChannelKind, status: number | null, text: string): boolean {
  if (status === null || status >= 500 || status === 429) return true;
  const json = parse(text);
  const code = json?.errcode ?? json?.code;
  return typeof code === "number" && (RATE_LIMIT_CODES[kind] ?? []).includes(code);
}
