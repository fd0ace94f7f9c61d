import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { withinBytes } from "../../src/messaging/wechat.routes.ts";
import { encryptMessage } from "../../src/messaging/wechat-crypto.ts";
import { call, onOneDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";
import {
  field,
  messageXml,
  startWechatStandIn,
  type WechatAccount,
  wechatDecrypt,
  wechatRequest,
  wechatSha1,
} from "../support/wechat-stand-in.ts";

/**
 * A WeChat 公众号 as a capture box (issue 34, items 3 and 4), posted to as WeChat posts, from its
 * documentation:
 * - URL check and signature: https://developers.weixin.qq.com/doc/offiaccount/Basic_Information/Access_Overview.html
 * - message XML: https://developers.weixin.qq.com/doc/offiaccount/Message_Management/Receiving_standard_messages.html
 * - passive replies (5 s, "success", 3 retries): https://developers.weixin.qq.com/doc/offiaccount/Message_Management/Passive_user_reply_message.html
 * - 安全模式: https://developers.weixin.qq.com/doc/offiaccount/Message_Management/Message_encryption_and_decryption_instructions.html
 * - access token and media: see ../support/wechat-stand-in.ts
 */

const account: WechatAccount = {
  token: "shinianToken42",
  appId: "wx0123456789abcdef",
  encodingAesKey: "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG",
  ghId: "gh_0123456789ab",
};
const APP_SECRET = "0123456789abcdef0123456789abcdef";

const standIn = await startWechatStandIn({ appId: account.appId, appSecret: APP_SECRET });
afterAll(() => standIn.close());

const env = {
  WECHAT_TOKEN: account.token,
  WECHAT_APPID: account.appId,
  WECHAT_APPSECRET: APP_SECRET,
  WECHAT_AES_KEY: account.encodingAesKey,
  WECHAT_API_BASE: standIn.url,
  PUBLIC_URL: "https://shinian.example.cn",
};

let msgIds = 7_000_000_000_000_000n;
let openids = 0;
const newOpenid = () => `oWx_${Date.now().toString(36)}_${++openids}`;

type Sent = { status: number; text: string; ms: number };

async function post(
  ctx: TestCtx,
  openid: string,
  fields: Record<string, string | number>,
  opts: {
    mode?: "plain" | "aes";
    msgId?: bigint | null;
    badSignature?: boolean;
    timestamp?: number;
    nonce?: string;
    signal?: AbortSignal;
  } = {},
): Promise<Sent> {
  const msgId = opts.msgId === undefined ? ++msgIds : opts.msgId;
  const xml = messageXml({
    ToUserName: account.ghId,
    FromUserName: openid,
    CreateTime: Math.floor(Date.now() / 1000),
    ...fields,
    ...(msgId === null ? {} : { MsgId: msgId.toString() }),
  });
  const { query, body } = wechatRequest(account, xml, {
    // with WECHAT_AES_KEY set, WeChat sends 安全模式 (or 兼容模式): encrypted
    mode: opts.mode ?? (ctx.config.wechat?.aesKey ? "aes" : "plain"),
    openid,
    badSignature: opts.badSignature,
    timestamp: opts.timestamp,
    nonce: opts.nonce,
  });
  const started = performance.now();
  const res = await ctx.app.request(`/wechat/mp?${query}`, {
    method: "POST",
    headers: { "content-type": "text/xml" },
    body,
    signal: opts.signal,
  });
  return { status: res.status, text: await res.text(), ms: performance.now() - started };
}

/**
 * A message as WeChat delivers it: a try is dropped after 5 s and the message posted again, three
 * tries in all, each its own request while the earlier ones may still be running; an answer (a
 * reply or "success") ends it, as WeChat does not retry after one.
 */
async function deliver(
  ctx: TestCtx,
  openid: string,
  fields: Record<string, string | number>,
  dropAfterMs = 5_000,
) {
  const msgId = ++msgIds;
  const tries: Sent[] = [];
  for (let n = 1; n <= 3; n++) {
    const sent = await post(ctx, openid, fields, { msgId, signal: AbortSignal.timeout(dropAfterMs) });
    tries.push(sent);
    if (sent.status === 200) break;
  }
  return tries;
}

/** The reply's text: a passive text message to the follower, from the 公众号. */
function replyOf(sent: Sent, openid: string) {
  expect(sent.status).toBe(200);
  const encrypt = field(sent.text, "Encrypt");
  if (encrypt) return replyOf({ ...sent, text: wechatDecrypt(account, encrypt).message }, openid);
  expect(field(sent.text, "ToUserName")).toBe(openid);
  expect(field(sent.text, "FromUserName")).toBe(account.ghId);
  expect(field(sent.text, "MsgType")).toBe("text");
  return field(sent.text, "Content") ?? "";
}

const text = (ctx: TestCtx, openid: string, content: string, opts?: Parameters<typeof post>[3]) =>
  post(ctx, openid, { MsgType: "text", Content: content }, opts);

async function bound(ctx: TestCtx, user: TestUser, openid = newOpenid()) {
  const code = (await request(ctx, "createBindCode", { token: user.token })).body.data.code as string;
  expect(replyOf(await text(ctx, openid, `绑定 ${code}`), openid)).toContain("绑定成功");
  return openid;
}

const feedOf = async (ctx: TestCtx, user: TestUser) =>
  (await call(ctx, "GET", "/api/feed", { token: user.token })).body.data.items as {
    id: string;
    content: string;
    tags: string[];
    attachments?: { id: string; kind: string }[];
  }[];

onOneDatabase((ctx) => {
  describe("WeChat 公众号 (/wechat/mp)", () => {
    it("encrypts as Tencent's WXBizMsgCrypt sample does (its published answer)", () => {
      const key = Buffer.from("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG=", "base64");
      expect(
        encryptMessage(key, "wxb11529c136998cb6", "我是中文abcd123", Buffer.from("aaaabbbbccccdddd")),
      ).toBe("jn1L23DB+6ELqJ+6bruv21Y6MD7KeIfP82D6gU39rmkgczbWwt5+3bnyg5K55bgVtVzd832WzZGMhkP72vVOfg==");
    });

    it("cuts a reply to WeChat's bytes without splitting a character, an emoji's surrogate pair included", () => {
      for (let pad = 0; pad < 4; pad++) {
        const cut = withinBytes(`${"a".repeat(pad)}${"😀".repeat(600)}`, 2000);
        expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(2000);
        expect(cut.endsWith("😀…")).toBe(true);
        expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(cut)).toBe(false);
      }
      expect(withinBytes("短的", 2000)).toBe("短的");
    });

    it("echoes echostr to a signed URL check, and refuses a wrong signature", async () => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = "1514713127";
      const signature = wechatSha1([account.token, timestamp, nonce]);
      const q = (s: string) =>
        new URLSearchParams({ signature: s, timestamp, nonce, echostr: "5837397520348713842" });
      const ok = await ctx.app.request(`/wechat/mp?${q(signature)}`);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toBe("5837397520348713842");
      const wrong = await ctx.app.request(
        `/wechat/mp?${q(signature.replace(/^./, (c) => (c === "a" ? "b" : "a")))}`,
      );
      expect(wrong.status).toBe(403);
      expect(await wrong.text()).not.toContain("5837397520348713842");
      // a signature of an old timestamp is a replay
      const old = String(Math.floor(Date.now() / 1000) - 3600);
      const replay = new URLSearchParams({
        signature: wechatSha1([account.token, old, nonce]),
        timestamp: old,
        nonce,
        echostr: "x",
      });
      expect((await ctx.app.request(`/wechat/mp?${replay}`)).status).toBe(403);
    });

    it("tells an unbound sender how to bind and stores nothing; a wrongly signed message changes nothing", async () => {
      const openid = newOpenid();
      const before = await ctx.db.query("SELECT count(*)::int AS n FROM ideas");
      const hint = replyOf(await text(ctx, openid, "记下这个 #灵感"), openid);
      expect(hint).toContain("绑定");
      const forged = await text(ctx, openid, "伪造的", { badSignature: true });
      expect(forged.status).toBe(403);
      // an image from a stranger is not even fetched
      const mediaCalls = standIn.calls.media;
      expect(
        replyOf(await post(ctx, openid, { MsgType: "image", MediaId: "IMG_MEDIA_1" }), openid),
      ).toContain("绑定");
      expect(standIn.calls.media).toBe(mediaCalls);
      // a new follower is told how to bind (events have no MsgId)
      const welcome = await post(ctx, openid, { MsgType: "event", Event: "subscribe" }, { msgId: null });
      expect(replyOf(welcome, openid)).toContain("绑定");
      const after = await ctx.db.query("SELECT count(*)::int AS n FROM ideas");
      expect(after.rows[0].n).toBe(before.rows[0].n);
    });

    it("binds with a one-time code, lists and unbinds the chat, by message and in the app", async () => {
      const user = await registerUser(ctx);
      const openid = newOpenid();
      const wrong = replyOf(await text(ctx, openid, "绑定 00000000"), openid);
      expect(wrong).toContain("无效");
      const code = (await request(ctx, "createBindCode", { token: user.token })).body.data;
      expect(code.code).toMatch(/^\d{8}$/);
      expect(replyOf(await text(ctx, openid, `绑定 ${code.code}`), openid)).toContain("绑定成功");
      // the code works once
      const again = newOpenid();
      expect(replyOf(await text(ctx, again, `绑定 ${code.code}`), again)).toContain("无效");
      const listed = (await request(ctx, "listMessagingBindings", { token: user.token })).body.data;
      expect(listed.platforms).toEqual(["wechat"]);
      expect(listed.items).toHaveLength(1);
      expect(listed.items[0]).toMatchObject({
        platform: "wechat",
        label: `${openid.slice(0, 4)}…${openid.slice(-4)}`,
      });

      expect(replyOf(await text(ctx, openid, "解绑"), openid)).toContain("已解除绑定");
      expect((await request(ctx, "listMessagingBindings", { token: user.token })).body.data.items).toEqual(
        [],
      );
      expect(replyOf(await text(ctx, openid, "还在吗"), openid)).toContain("绑定");
      expect(await feedOf(ctx, user)).toEqual([]);

      const back = await bound(ctx, user, openid);
      const id = (await request(ctx, "listMessagingBindings", { token: user.token })).body.data.items[0]!.id;
      const stranger = await registerUser(ctx);
      expect(
        (await request(ctx, "deleteMessagingBinding", { token: stranger.token, params: { id } })).status,
      ).toBe(404);
      expect(
        (await request(ctx, "deleteMessagingBinding", { token: user.token, params: { id } })).status,
      ).toBe(200);
      expect(replyOf(await text(ctx, back, "还在吗"), back)).toContain("绑定");
    });

    it("stops a chat that guesses codes", async () => {
      const openid = newOpenid();
      for (let i = 0; i < 5; i++) await text(ctx, openid, `绑定 ${String(10_000_000 + i)}`);
      const user = await registerUser(ctx);
      const code = (await request(ctx, "createBindCode", { token: user.token })).body.data.code;
      expect(replyOf(await text(ctx, openid, `绑定 ${code}`), openid)).toContain("过多");
    });

    it("counts guesses sent at once: 20 wrong codes together record at most 5 before refusing", async () => {
      const openid = newOpenid();
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) => text(ctx, openid, `绑定 ${String(20_000_000 + i)}`)),
      );
      const said = replies.map((r) => replyOf(r, openid));
      expect(said.filter((r) => r.includes("无效"))).toHaveLength(5);
      expect(said.filter((r) => r.includes("过多"))).toHaveLength(15);
      const { rows } = await ctx.db.query(
        "SELECT count(*)::int AS n FROM messaging_bind_failures WHERE external_id = $1",
        [openid],
      );
      expect(rows[0].n).toBe(5);
    });

    it("refuses every attempt for the hour once 200 wrong codes came from all senders together", async () => {
      await ctx.db.query(
        `INSERT INTO messaging_bind_failures (platform, external_id)
         SELECT 'wechat', 'guesser-' || (n / 4) FROM generate_series(1, 200) AS n`,
      );
      try {
        const user = await registerUser(ctx);
        const code = (await request(ctx, "createBindCode", { token: user.token })).body.data.code;
        const openid = newOpenid();
        expect(replyOf(await text(ctx, openid, `绑定 ${code}`), openid)).toContain("请稍后再试");
        expect((await request(ctx, "listMessagingBindings", { token: user.token })).body.data.items).toEqual(
          [],
        );
      } finally {
        await ctx.db.query("DELETE FROM messaging_bind_failures WHERE external_id LIKE 'guesser-%'");
      }
    });

    it("turns text (with its tags) and a link into ideas, and answers with a link into the app", async () => {
      const user = await registerUser(ctx);
      const openid = await bound(ctx, user);
      const saved = replyOf(await text(ctx, openid, "读《活着》 #读书/小说 #晨读"), openid);
      const [idea] = await feedOf(ctx, user);
      expect(idea).toMatchObject({ content: "读《活着》 #读书/小说 #晨读", tags: ["读书/小说", "晨读"] });
      expect(saved).toContain("已记下");
      expect(saved).toContain(`https://shinian.example.cn/ideas/${idea!.id}`);

      const link = replyOf(
        await post(ctx, openid, {
          MsgType: "link",
          Title: "少数派：用微信记录想法",
          Description: "一篇文章",
          Url: "https://sspai.com/post/63921",
        }),
        openid,
      );
      expect(link).toContain("已记下链接");
      const [linked] = await feedOf(ctx, user);
      expect(linked!.content).toContain("少数派：用微信记录想法");
      expect(linked!.content).toContain("https://sspai.com/post/63921");

      // a kind it does not keep (a location) is answered, and stores nothing
      const location = replyOf(
        await post(ctx, openid, {
          MsgType: "location",
          Location_X: 39.9,
          Location_Y: 116.4,
          Scale: 15,
          Label: "北京",
        }),
        openid,
      );
      expect(location).toContain("暂时只能保存");
      expect(await feedOf(ctx, user)).toHaveLength(2);
    });

    it("makes one idea of a message WeChat sends three times, answering each the same", async () => {
      const user = await registerUser(ctx);
      const openid = await bound(ctx, user);
      const msgId = ++msgIds;
      const replies = [];
      for (let i = 0; i < 3; i++)
        replies.push(replyOf(await text(ctx, openid, "只记一次", { msgId }), openid));
      expect(new Set(replies).size).toBe(1);
      expect((await feedOf(ctx, user)).filter((i) => i.content === "只记一次")).toHaveLength(1);
    });

    it("fetches an image and a recording through the media API with a cached, renewed access token", async () => {
      const user = await registerUser(ctx);
      const openid = await bound(ctx, user);
      const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#f60" } })
        .jpeg()
        .toBuffer();
      standIn.putMedia("IMG_MEDIA_1", jpeg, "image/jpeg");
      standIn.putMedia("IMG_MEDIA_2", jpeg, "image/jpeg");
      standIn.putMedia(
        "VOICE_MEDIA_1",
        Buffer.concat([Buffer.from("#!AMR\n"), Buffer.alloc(64, 0x3c)]),
        "audio/amr",
      );
      const tokensBefore = standIn.calls.token;

      const image = (n: number) =>
        post(ctx, openid, { MsgType: "image", PicUrl: "https://mmbiz.qpic.cn/x", MediaId: `IMG_MEDIA_${n}` });
      expect(replyOf(await image(1), openid)).toContain("已记下图片");
      expect(replyOf(await image(2), openid)).toContain("已记下图片");
      expect(standIn.calls.token - tokensBefore).toBe(1); // kept, not fetched per message
      standIn.expireToken();
      const voice = replyOf(
        await post(ctx, openid, { MsgType: "voice", MediaId: "VOICE_MEDIA_1", Format: "amr" }),
        openid,
      );
      expect(voice).toContain("已记下语音");
      expect(standIn.calls.token - tokensBefore).toBe(2); // renewed once on 42001

      // a medium answered with a redirect is not followed: not WeChat's own answer
      standIn.putMedia("MOVED_MEDIA", jpeg, "image/jpeg");
      standIn.moveMedia("MOVED_MEDIA");
      expect(
        replyOf(await post(ctx, openid, { MsgType: "image", MediaId: "MOVED_MEDIA" }), openid),
      ).toContain("取图片失败");

      const feed = await feedOf(ctx, user);
      expect(feed).toHaveLength(3);
      expect(feed.map((i) => i.attachments?.map((a) => a.kind))).toEqual([["audio"], ["image"], ["image"]]);

      const heard = replyOf(
        await post(ctx, openid, {
          MsgType: "voice",
          MediaId: "NOT_FETCHED",
          Format: "amr",
          Recognition: "明天买牛奶 #待办",
        }),
        openid,
      );
      expect(heard).toContain("明天买牛奶");
      expect((await feedOf(ctx, user))[0]).toMatchObject({ content: "明天买牛奶 #待办", tags: ["待办"] });
    });

    it("takes and answers 安全模式 messages, encrypted and signed as WeChat does", async () => {
      const user = await registerUser(ctx);
      const openid = await bound(ctx, user);
      const sent = await text(ctx, openid, "加密的想法 #安全", { mode: "aes" });
      expect(sent.status).toBe(200);
      const encrypt = field(sent.text, "Encrypt")!;
      const ts = field(sent.text, "TimeStamp")!;
      const nonce = field(sent.text, "Nonce")!;
      expect(field(sent.text, "MsgSignature")).toBe(wechatSha1([account.token, ts, nonce, encrypt]));
      const { message, appId } = wechatDecrypt(account, encrypt);
      expect(appId).toBe(account.appId);
      expect(field(message, "ToUserName")).toBe(openid);
      expect(field(message, "Content")).toContain("已记下");
      expect((await feedOf(ctx, user))[0]).toMatchObject({ content: "加密的想法 #安全", tags: ["安全"] });

      // a plain message while an EncodingAESKey is set: not WeChat's, refused
      expect((await text(ctx, openid, "明文的", { mode: "plain" })).status).toBe(400);

      // Encrypt signed for another text: refused, nothing stored
      const xml = messageXml({
        ToUserName: account.ghId,
        FromUserName: openid,
        CreateTime: 1,
        MsgType: "text",
        Content: "篡改",
        MsgId: "1",
      });
      const { query, body } = wechatRequest(account, xml, { mode: "aes", openid });
      const tampered = body.replace(
        /<Encrypt><!\[CDATA\[(.)/,
        (_, c) => `<Encrypt><![CDATA[${c === "A" ? "B" : "A"}`,
      );
      const res = await ctx.app.request(`/wechat/mp?${query}`, { method: "POST", body: tampered });
      expect(res.status).toBe(403);
      expect(await feedOf(ctx, user)).toHaveLength(1);
    });

    it("leaves a try unanswered while the media API is slow, so that WeChat's retry gets the reply", {
      timeout: 30_000,
    }, async () => {
      const user = await registerUser(ctx);
      const openid = await bound(ctx, user);
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#06f" } })
        .png()
        .toBuffer();
      standIn.putMedia("SLOW_MEDIA", png, "image/png");
      standIn.slowMedia(6_000);
      try {
        const tries = await deliver(ctx, openid, { MsgType: "image", MediaId: "SLOW_MEDIA" });
        // the first try: no answer at all ("success" would end WeChat's tries, and the reply with them)
        expect(tries[0]!.status).not.toBe(200);
        expect(tries[0]!.text).not.toBe("success");
        // the second waited for the work, done meanwhile, and carries the reply
        expect(tries).toHaveLength(2);
        expect(tries[1]!.ms).toBeLessThan(5_000);
        expect(replyOf(tries[1]!, openid)).toContain("已记下图片");
      } finally {
        standIn.slowMedia(0);
      }
      expect((await feedOf(ctx, user)).length).toBe(1);
    });

    it("sends an idea marked 不让AI读取 in 回顾 by its title only, never its words", async () => {
      const user = await registerUser(ctx);
      const openid = await bound(ctx, user);
      const ideas: [string, string | null][] = [
        ["体检结果：血糖偏高，私密", null],
        ["银行卡密码提示：私密", "家里的事"],
      ];
      for (const [content, title] of ideas) {
        const idea = (
          await request(ctx, "createIdea", { token: user.token, body: { content, aiExcluded: true } })
        ).body.data;
        if (title)
          await request(ctx, "updateIdea", { token: user.token, params: { id: idea.id }, body: { title } });
        await ctx.db.query("UPDATE ideas SET created_at = now() - interval '3 days' WHERE id = $1", [
          idea.id,
        ]);
      }
      const review = replyOf(await text(ctx, openid, "回顾"), openid);
      expect(review).toContain("今日回顾");
      expect(review).not.toContain("私密");
      expect(review).toContain("一条想法（内容不推送）");
      expect(review).toContain("家里的事");
    });

    it("answers 回顾 with today's items, numbered, and a reply by number adds a 批注 to that item", async () => {
      const user = await registerUser(ctx);
      const openid = await bound(ctx, user);
      const idea = (
        await request(ctx, "createIdea", { token: user.token, body: { content: "一条较早的想法" } })
      ).body.data;
      await ctx.db.query("UPDATE ideas SET created_at = now() - interval '3 days' WHERE id = $1", [idea.id]);
      const review = replyOf(await text(ctx, openid, "回顾"), openid);
      expect(review).toContain("今日回顾");
      expect(review).toContain("1. 一条较早的想法");
      const added = replyOf(await text(ctx, openid, "1 今天又想到了一点"), openid);
      expect(added).toContain("已追加批注到回顾第 1 条");
      const thread = await request(ctx, "listAnnotations", { token: user.token, params: { id: idea.id } });
      expect(thread.body.data.items.map((a: { content: string }) => a.content)).toEqual(["今天又想到了一点"]);
      // a number past the list is an ordinary idea
      replyOf(await text(ctx, openid, "9 个新想法"), openid);
      expect((await feedOf(ctx, user)).map((i) => i.content)).toContain("9 个新想法");
      // a numbered list is an ordinary note, even right after the 回顾
      const list = "1. 买牛奶\n2. 买面包";
      expect(replyOf(await text(ctx, openid, list), openid)).toContain("已记下");
      expect((await feedOf(ctx, user)).map((i) => i.content)).toContain(list);
      // past 30 minutes, `1 …` is an ordinary idea too
      await ctx.db.query(
        "UPDATE messaging_bindings SET review_at = now() - interval '31 minutes' WHERE external_id = $1",
        [openid],
      );
      expect(replyOf(await text(ctx, openid, "1 半小时后的想法"), openid)).toContain("已记下");
      expect((await feedOf(ctx, user)).map((i) => i.content)).toContain("1 半小时后的想法");
      const after = await request(ctx, "listAnnotations", { token: user.token, params: { id: idea.id } });
      expect(after.body.data.items).toHaveLength(1);
    });
  });
}, env);

const { WECHAT_AES_KEY: _, ...plainEnv } = env;

onOneDatabase(
  (ctx) => {
    describe("WeChat 公众号 in 明文模式 (no WECHAT_AES_KEY)", () => {
      it("refuses a message whose signed timestamp is over 5 minutes old, and a (timestamp, nonce) replayed over another message", async () => {
        const user = await registerUser(ctx);
        const openid = await bound(ctx, user);
        const old = Math.floor(Date.now() / 1000) - 6 * 60;
        expect((await text(ctx, openid, "六分钟前的", { timestamp: old })).status).toBe(403);
        const timestamp = Math.floor(Date.now() / 1000);
        const nonce = "replayed-nonce-1";
        const msgId = ++msgIds;
        const original = { MsgType: "text", Content: "原来的消息", CreateTime: timestamp };
        const first = await post(ctx, openid, original, { timestamp, nonce, msgId });
        expect(replyOf(first, openid)).toContain("已记下");
        // WeChat's own retry: the same pair with the same message is answered
        const retry = await post(ctx, openid, original, { timestamp, nonce, msgId });
        expect(replyOf(retry, openid)).toContain("已记下");
        // the pair's signature (token, timestamp, nonce) does not cover the message: a new one under it is refused
        expect((await text(ctx, openid, "篡改的消息", { timestamp, nonce })).status).toBe(403);
        expect((await feedOf(ctx, user)).map((i) => i.content)).toEqual(["原来的消息"]);
      });

      it("answers the last try 'success' when the work is still not done, and saves it all the same", {
        timeout: 20_000,
      }, async () => {
        // WeChat's 5 s made 1 s here (answerWithinMs 0.5 s), to keep the suite short
        const user = await registerUser(ctx);
        const openid = await bound(ctx, user);
        const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a6" } })
          .png()
          .toBuffer();
        standIn.putMedia("SLOWER_MEDIA", png, "image/png");
        standIn.slowMedia(4_000);
        try {
          const tries = await deliver(ctx, openid, { MsgType: "image", MediaId: "SLOWER_MEDIA" }, 1_000);
          expect(tries.map((t) => t.status)).toEqual([503, 503, 200]);
          expect(tries[2]!.text).toBe("success");
          const until = Date.now() + 10_000;
          while ((await feedOf(ctx, user)).length === 0 && Date.now() < until)
            await new Promise((r) => setTimeout(r, 100));
        } finally {
          standIn.slowMedia(0);
        }
        expect(await feedOf(ctx, user)).toHaveLength(1);
      });
    });
  },
  plainEnv,
  { wechat: { answerWithinMs: 500 } },
);
