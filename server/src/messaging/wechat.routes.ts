import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { type Context, Hono } from "hono";
import type { AppDeps, AppEnv } from "../context.ts";
import type { WechatConfig } from "../env.ts";
import { ApiError } from "../errors.ts";
import { limitBody } from "../http/body-limit.ts";
import { claimMessage, rememberNonce, savedReply, saveReply } from "./bindings.store.ts";
import { handleIncoming, type Incoming, UNBOUND_HINT } from "./inbox.ts";
import { fetchMedia } from "./wechat-api.ts";
import { decryptMessage, encryptMessage, sameSignature, wechatSignature } from "./wechat-crypto.ts";
import { parseWechatXml, toWechatXml } from "./wechat-xml.ts";

/**
 * A WeChat 公众号 (订阅号 or 测试号) as a capture box: its 服务器配置 points at /wechat/mp.
 * GET is WeChat's check of the URL (echo `echostr` when `signature` is right); POST carries a
 * follower's message, in 明文模式 or 安全模式 (encrypt_type=aes), answered with a passive reply:
 * https://developers.weixin.qq.com/doc/offiaccount/Basic_Information/Access_Overview.html
 * https://developers.weixin.qq.com/doc/offiaccount/Message_Management/Passive_user_reply_message.html
 * WeChat waits 5 seconds, then drops the try and posts the same message again (three tries in all):
 * each message is claimed once by its MsgId (messaging_seen). Work running past `answerWithinMs`
 * goes on in the background and the try is left unanswered (WeChat does not retry after
 * "success", so the reply would be lost); each retry waits as long for the saved reply, and the
 * last answers "success" if there is still none.
 */

/** Not WeChat, or not this 公众号's token: plain text, nothing else said. */
const refused = (c: Context, status: 400 | 403 | 413, text: string) => c.text(text, status);

const EMPTY = "success";

/** A passive reply's Content: WeChat takes 2048 bytes at most. */
const MAX_REPLY_BYTES = 2000;

/** The text, or its start and "…" within `max` UTF-8 bytes; never half a character (a surrogate pair, an emoji, is one). */
export const withinBytes = (text: string, max: number) => {
  if (Buffer.byteLength(text) <= max) return text;
  const chars = Array.from(text);
  let n = chars.length;
  let bytes = Buffer.byteLength(text) + Buffer.byteLength("…");
  while (n > 0 && bytes > max) bytes -= Buffer.byteLength(chars[--n]!);
  return `${chars.slice(0, n).join("")}…`;
};

function signedByWechat(config: WechatConfig, c: Context<AppEnv>, nowMs: number) {
  const { signature, timestamp = "", nonce = "" } = c.req.query();
  if (!/^\d{1,12}$/.test(timestamp) || nonce.length > 64) return false;
  if (Math.abs(nowMs - Number(timestamp) * 1000) > config.maxClockSkewMs) return false;
  return sameSignature(wechatSignature(config.token, timestamp, nonce), signature);
}

/** The message as the inbox takes it; media fetched later, only for a bound sender. */
function incomingOf(config: WechatConfig, m: Record<string, string>): Incoming {
  const media = (name: string) =>
    config.appSecret && m.MediaId ? { name, fetch: () => fetchMedia(config, m.MediaId!) } : null;
  switch (m.MsgType) {
    case "text":
      return { kind: "text", text: m.Content ?? "" };
    case "link":
      return { kind: "link", title: m.Title ?? "", url: m.Url ?? "", description: m.Description ?? "" };
    case "image":
      return { kind: "image", media: media(`wechat-${m.MsgId ?? "image"}.jpg`) };
    case "voice":
      return {
        kind: "voice",
        recognition: m.Recognition ?? null,
        media: media(`wechat-${m.MsgId ?? "voice"}.${(m.Format ?? "amr").toLowerCase()}`),
      };
    default:
      return { kind: "other" };
  }
}

/**
 * The reply, once `work` (this process's own) ends or another process saves it; null when `ms`
 * pass, or when the request is dropped (WeChat closing a try at 5 s), first.
 */
async function replyWithin(
  deps: AppDeps,
  key: string,
  work: Promise<string> | null,
  ms: number,
  dropped: AbortSignal,
): Promise<string | null> {
  const config = deps.config.wechat!;
  const until = Date.now() + ms;
  let done: string | null = null;
  work?.then((text) => {
    done = text;
  });
  while (done === null && !dropped.aborted && Date.now() < until) {
    const left = Math.min(config.replyPollMs, until - Date.now());
    await sleep(left, undefined, { signal: dropped }).catch(() => undefined);
    if (done === null && !work) done = await savedReply(deps.db, "wechat", key);
  }
  return done;
}

export function wechatRoutes(deps: AppDeps) {
  const config = deps.config.wechat;
  const app = new Hono<AppEnv>();
  if (!config) {
    // not set up: say so rather than serve the app's page to WeChat
    app.all("/wechat/mp", (c) => c.text("本站没有开通微信公众号接入", 404));
    return app;
  }

  app.get("/wechat/mp", (c) => {
    if (!signedByWechat(config, c, Date.now())) return refused(c, 403, "签名错误");
    return c.text(c.req.query("echostr") ?? "");
  });

  app.post(
    "/wechat/mp",
    limitBody(() => config.maxBodyBytes),
    async (c) => {
      if (!signedByWechat(config, c, Date.now())) return refused(c, 403, "签名错误");
      const {
        timestamp = "",
        nonce = "",
        encrypt_type: encryptType,
        msg_signature: msgSignature,
      } = c.req.query();
      const encrypted = encryptType === "aes";
      // with an EncodingAESKey set (安全模式 or 兼容模式), WeChat sends every message encrypted:
      // a plain one is not WeChat's (明文模式's signature does not cover the message)
      if (config.aesKey && !encrypted) return refused(c, 400, "本站只接受加密（安全模式或兼容模式）的消息");
      const raw = await c.req.text();
      const outer = parseWechatXml(raw);
      if (!outer) return refused(c, 400, "消息格式错误");
      let message = outer;
      if (encrypted) {
        if (!config.aesKey || !outer.Encrypt) return refused(c, 400, "本站没有配置 EncodingAESKey");
        if (!sameSignature(wechatSignature(config.token, timestamp, nonce, outer.Encrypt), msgSignature))
          return refused(c, 403, "签名错误");
        const inner = decryptMessage(config.aesKey, config.appId, outer.Encrypt);
        const parsed = inner === null ? null : parseWechatXml(inner);
        if (!parsed) return refused(c, 400, "消息无法解密");
        message = parsed;
      }
      // the message itself (decrypted), not its envelope: a retry may be encrypted afresh
      if (!(await rememberNonce(deps.db, Number(timestamp), nonce, JSON.stringify(message))))
        return refused(c, 403, "签名已用过");
      const openid = message.FromUserName ?? "";
      const account = message.ToUserName ?? "";
      if (!openid || openid.length > 128 || !message.MsgType) return refused(c, 400, "消息格式错误");

      const reply = (full: string) => {
        if (!full) return c.text(EMPTY);
        const text = withinBytes(full, MAX_REPLY_BYTES);
        const xml = toWechatXml({
          ToUserName: openid,
          FromUserName: account,
          CreateTime: Math.floor(Date.now() / 1000),
          MsgType: "text",
          Content: text,
        });
        if (!encrypted) return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8" });
        const sealed = encryptMessage(config.aesKey!, config.appId, xml);
        const ts = String(Math.floor(Date.now() / 1000));
        const replyNonce = randomBytes(8).toString("hex");
        return c.body(
          toWechatXml({
            Encrypt: sealed,
            MsgSignature: wechatSignature(config.token, ts, replyNonce, sealed),
            TimeStamp: Number(ts),
            Nonce: replyNonce,
          }),
          200,
          { "Content-Type": "application/xml; charset=utf-8" },
        );
      };

      if (message.MsgType === "event") {
        // a new follower learns how to bind; other events (menus, unsubscribe) need no answer
        return reply(message.Event === "subscribe" ? UNBOUND_HINT : "");
      }
      const key = message.MsgId ? `msg:${message.MsgId}` : `${openid}:${message.CreateTime ?? ""}`;
      const claim = await claimMessage(deps.db, "wechat", key);
      if (!claim.fresh && claim.reply !== null) return reply(claim.reply);

      const work = claim.fresh
        ? deps.work.track(
            handleIncoming(deps, "wechat", openid, incomingOf(config, message))
              .catch((err) => {
                c.var.logger.error("wechat message failed", { err });
                return "暂时没能保存，请稍后再试。";
              })
              .then(async (text) => {
                await saveReply(deps.db, "wechat", key, text).catch(() => {});
                return text;
              }),
          )
        : null;
      const dropped = c.req.raw.signal;
      const known = await replyWithin(deps, key, work, config.answerWithinMs, dropped);
      if (known !== null) return reply(known);
      // WeChat does not retry after "success" (and a 订阅号 has no other way to send the reply):
      // only its last try gets it. Before that, no answer at all: WeChat drops the try at 5 s and
      // posts again, and that try waits for the reply in turn.
      if (!claim.fresh && claim.tries >= config.lastTry) return reply("");
      const late = await replyWithin(deps, key, work, config.holdMs, dropped);
      if (late !== null && !dropped.aborted) return reply(late);
      return c.body(null, 503);
    },
  );
  app.all("/wechat/mp", (c) => c.text("请用 GET 或 POST", 405));
  app.onError((err, c) => {
    if (err instanceof ApiError && err.code === "PAYLOAD_TOO_LARGE") return refused(c, 413, "消息过大");
    c.var.logger.error("unhandled error", { err });
    return c.text(EMPTY, 500);
  });
  return app;
}
