import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDeps } from "../../src/context.ts";
import { createLogger } from "../../src/logger.ts";
import { telegramPoller } from "../../src/messaging/telegram.ts";
import { toTelegramHtml } from "../../src/push/message.ts";
import { deliveryOf } from "../../src/push/push.store.ts";
import { claimAndDeliver, reviewMessage } from "../../src/push/schedule.ts";
import { createBackgroundWork } from "../../src/shared/background-work.ts";
import { beijingDay } from "../../src/shared/beijing-time.ts";
import { call, onOneDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";
import { parseHtml, startTelegramStandIn } from "../support/telegram-stand-in.ts";

/**
 * A Telegram bot as a capture box (issue 34, item 5), its Bot API stood in for as documented at
 * https://core.telegram.org/bots/api (getUpdates, sendMessage, getFile): see ../support/telegram-stand-in.ts.
 */

const TOKEN = "123456789:AAE_stand-in-token-0123456789abcdefXYZ";
const standIn = await startTelegramStandIn(TOKEN);
// the webhook's bot: a stand-in of its own (a bot has one webhook or polls, never both)
const WEBHOOK_TOKEN = "987654321:AAE_webhook-bot-token-0123456789abcdefXYZ";
const hooked = await startTelegramStandIn(WEBHOOK_TOKEN);
afterAll(() => Promise.all([standIn.close(), hooked.close()]));

let chats = 5_000_000;

it("a long pushed review: cut to Telegram's 4096 characters as shown, the numbers kept those sent, the rest counted", () => {
  const entries = Array.from({ length: 120 }, (_, i) => ({
    text: `第${i}条 ${"很长的想法&<>".repeat(8)}`,
    url: `https://shinian.example.cn/ideas/${i}`,
    ref: { type: "idea" as const, id: String(i) },
  }));
  const { html, numbered } = toTelegramHtml(
    {
      type: "push.review",
      day: "2026-12-03",
      title: "每日回顾 · 12月3日",
      intro: null,
      blocks: [{ heading: null, entries }],
      url: "https://shinian.example.cn/review",
    },
    4000,
  );
  const shown = parseHtml(html);
  expect(shown).not.toBeNull();
  expect([...shown!].length).toBeLessThanOrEqual(4096);
  const lines = shown!.split("\n").filter((l) => /^\d+\. /.test(l));
  expect(numbered.length).toBeGreaterThan(5);
  expect(lines.map((l) => l.slice(l.indexOf(" ") + 1, l.lastIndexOf(" ")))).toEqual(
    numbered.map((e) => e.text),
  );
  expect(shown).toContain(`还有 ${120 - numbered.length} 条，请在网页查看。`);
  expect(shown).toContain("回复这条消息「序号 + 空格 + 文字」");
});

const feedOf = async (ctx: TestCtx, user: TestUser) =>
  (await call(ctx, "GET", "/api/feed", { token: user.token })).body.data.items as {
    content: string;
    tags: string[];
    attachments?: { kind: string }[];
  }[];

onOneDatabase(
  (ctx) => {
    const work = createBackgroundWork();
    const pollers: ReturnType<typeof telegramPoller>[] = [];
    // left from an earlier https PUBLIC_URL: a webhook, and a message that came meanwhile
    const waiting = ++chats;
    beforeAll(() => {
      standIn.webhook.url = "https://old.example.cn/telegram/webhook";
      standIn.send(waiting, { text: "/start" });
      // two processes: one polls, the other waits for the lock (Telegram refuses two getUpdates at once)
      for (let i = 0; i < 2; i++) {
        const poller = telegramPoller({
          config: ctx.config,
          db: ctx.db,
          logger: createLogger("silent"),
          work,
          clock: () => new Date(),
        });
        poller.start();
        pollers.push(poller);
      }
    });
    afterAll(async () => {
      for (const p of pollers) await p.stop();
      await work.close();
    });

    describe("Telegram bot (long polling)", () => {
      it("binds a chat with the one-time code and turns text, a captioned photo and voice into ideas", async () => {
        const user = await registerUser(ctx);
        const chat = ++chats;
        standIn.send(chat, { text: "/start" });
        expect((await standIn.repliesTo(chat, 1))[0]).toContain("绑定");
        standIn.send(chat, { text: "没绑定时的想法" });
        expect((await standIn.repliesTo(chat, 2))[1]).toContain("绑定");
        expect(await feedOf(ctx, user)).toEqual([]);

        const code = (await request(ctx, "createBindCode", { token: user.token })).body.data.code;
        standIn.send(chat, { text: `/bind ${code}` });
        expect((await standIn.repliesTo(chat, 3))[2]).toContain("绑定成功");
        const listed = (await request(ctx, "listMessagingBindings", { token: user.token })).body.data;
        expect(listed.platforms).toContain("telegram");
        expect(listed.items.map((b: { platform: string }) => b.platform)).toEqual(["telegram"]);

        standIn.send(chat, { text: "在地铁上想到的 #通勤" });
        const saved = (await standIn.repliesTo(chat, 4))[3]!;
        expect(saved).toContain("已记下");
        expect((await feedOf(ctx, user))[0]).toMatchObject({
          content: "在地铁上想到的 #通勤",
          tags: ["通勤"],
        });

        const png = await sharp({ create: { width: 6, height: 6, channels: 3, background: "#3a6" } })
          .png()
          .toBuffer();
        standIn.putFile("PHOTO_SMALL", png);
        standIn.putFile("PHOTO_BIG", png);
        standIn.send(chat, {
          caption: "白板上的草图 #会议",
          photo: [
            { file_id: "PHOTO_SMALL", file_size: png.length, width: 90, height: 90 },
            { file_id: "PHOTO_BIG", file_size: png.length, width: 800, height: 800 },
          ],
        });
        expect((await standIn.repliesTo(chat, 5))[4]).toContain("已记下图片");
        expect((await feedOf(ctx, user))[0]).toMatchObject({
          content: "白板上的草图 #会议",
          tags: ["会议"],
          attachments: [expect.objectContaining({ kind: "image" })],
        });

        standIn.putFile("VOICE_1", Buffer.concat([Buffer.from("OggS\0"), Buffer.alloc(60, 1)]));
        standIn.send(chat, { voice: { file_id: "VOICE_1", duration: 3, mime_type: "audio/ogg" } });
        expect((await standIn.repliesTo(chat, 6))[5]).toContain("已记下语音");
        expect((await feedOf(ctx, user))[0]).toMatchObject({
          content: "来自Telegram的语音",
          attachments: [expect.objectContaining({ kind: "audio" })],
        });

        standIn.send(chat, { text: "/unbind" });
        expect((await standIn.repliesTo(chat, 7))[6]).toContain("已解除绑定");
        // one poller all along: the second never asked while the first held the lock
        expect(standIn.calls.conflicts).toBe(0);
        expect(await feedOf(ctx, user)).toHaveLength(3);
      });

      it("removes a webhook left from before without dropping what was waiting", async () => {
        expect((await standIn.repliesTo(waiting, 1))[0]).toContain("绑定");
        expect(standIn.calls.deleteWebhook).toBeGreaterThanOrEqual(1);
        expect(standIn.webhook.url).toBeNull();
      });

      it("gives up on a stalled file download after the API timeout and says so", async () => {
        const user = await registerUser(ctx);
        const chat = ++chats;
        const code = (await request(ctx, "createBindCode", { token: user.token })).body.data.code;
        standIn.send(chat, { text: `/bind ${code}` });
        expect((await standIn.repliesTo(chat, 1))[0]).toContain("绑定成功");
        const png = await sharp({ create: { width: 6, height: 6, channels: 3, background: "#a36" } })
          .png()
          .toBuffer();
        standIn.putFile("PHOTO_STALLED", png);
        standIn.slowFiles(60_000);
        try {
          standIn.send(chat, {
            photo: [{ file_id: "PHOTO_STALLED", file_size: png.length, width: 90, height: 90 }],
          });
          expect((await standIn.repliesTo(chat, 2, 8_000))[1]).toContain("取图片失败");
        } finally {
          standIn.slowFiles(0);
        }
        expect(await feedOf(ctx, user)).toEqual([]);
      });

      it("takes a reply to the 回顾 message as a 批注 on the numbered item, however long after", async () => {
        const user = await registerUser(ctx);
        const chat = ++chats;
        const code = (await request(ctx, "createBindCode", { token: user.token })).body.data.code;
        standIn.send(chat, { text: `/bind ${code}` });
        expect((await standIn.repliesTo(chat, 1))[0]).toContain("绑定成功");
        const idea = (await request(ctx, "createIdea", { token: user.token, body: { content: "旧想法" } }))
          .body.data;
        await ctx.db.query("UPDATE ideas SET created_at = now() - interval '3 days' WHERE id = $1", [
          idea.id,
        ]);
        standIn.send(chat, { text: "/review" });
        const review = (await standIn.repliesTo(chat, 2))[1]!;
        expect(review).toContain("1. 旧想法");
        await ctx.db.query(
          "UPDATE messaging_bindings SET review_at = now() - interval '2 hours' WHERE external_id = $1",
          [String(chat)],
        );
        standIn.send(chat, {
          text: "1. 补充一点\n第二行",
          reply_to_message: { message_id: 1, from: { id: 1, is_bot: true }, text: review },
        });
        expect((await standIn.repliesTo(chat, 3))[2]).toContain("已追加批注到回顾第 1 条");
        const thread = await request(ctx, "listAnnotations", { token: user.token, params: { id: idea.id } });
        expect(thread.body.data.items.map((a: { content: string }) => a.content)).toEqual([
          "补充一点\n第二行",
        ]);
      });

      it("asks again for an update it could not take while the database failed, instead of confirming it", async () => {
        const chat = ++chats;
        // every claim fails: the table is away
        await ctx.db.query("ALTER TABLE messaging_seen RENAME TO messaging_seen_away");
        try {
          standIn.send(chat, { text: "/start" });
          await new Promise((r) => setTimeout(r, 600));
          expect(standIn.sent.filter((s) => s.chat_id === chat)).toEqual([]);
        } finally {
          await ctx.db.query("ALTER TABLE messaging_seen_away RENAME TO messaging_seen");
        }
        expect((await standIn.repliesTo(chat, 1))[0]).toContain("绑定");
      });

      it("goes on polling after PostgreSQL ends the lock's connection (a restart), without crashing", async () => {
        const chat = ++chats;
        standIn.send(chat, { text: "/start" });
        expect((await standIn.repliesTo(chat, 1))[0]).toContain("绑定");
        // the poller's lock: a session advisory lock on hashtext(...)::bigint, kept on its own connection
        const { rows } = await ctx.db.query<{ pid: number }>(
          `SELECT pid FROM pg_locks
           WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
             AND objid::text::bigint = (hashtext('shinian telegram poller')::bigint & 4294967295)`,
        );
        expect(rows).toHaveLength(1);
        await ctx.db.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
        standIn.send(chat, { text: "/start" });
        expect((await standIn.repliesTo(chat, 2))[1]).toContain("绑定");
        const again = await ctx.db.query(
          `SELECT pid FROM pg_locks
           WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
             AND objid::text::bigint = (hashtext('shinian telegram poller')::bigint & 4294967295)`,
        );
        expect(again.rows).toHaveLength(1);
      });
    });

    describe("the review pushed to a bound chat (item 5)", () => {
      const deps = (at: Date): AppDeps => ({
        config: ctx.config,
        db: ctx.db,
        logger: createLogger("silent"),
        work,
        clock: () => at,
      });

      /** `/bind <code>` from the chat as the person's `nth` message there; their binding of it. */
      const bindChat = async (u: TestUser, chat: number, nth: number) => {
        const code = (await request(ctx, "createBindCode", { token: u.token })).body.data.code;
        standIn.send(chat, { text: `/bind ${code}` });
        expect((await standIn.repliesTo(chat, nth))[nth - 1]).toContain("绑定成功");
        return (await request(ctx, "listMessagingBindings", { token: u.token })).body.data.items[0]! as {
          id: string;
        };
      };
      const pushTo = (u: TestUser, bindingId: string) =>
        request(ctx, "createPushChannel", { token: u.token, body: { kind: "telegram", bindingId } });

      it("sends the numbered review by sendMessage when the person chooses it, takes a reply as a 批注, and stops with the binding", async () => {
        const user = await registerUser(ctx);
        const other = await registerUser(ctx);
        const chat = ++chats;
        const binding = await bindChat(user, chat, 1);

        // only the person's own Telegram binding, once
        expect((await pushTo(other, binding.id)).status).toBe(404);
        const made = await pushTo(user, binding.id);
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        expect(made.body.data).toMatchObject({ kind: "telegram", bindingId: binding.id, secretSet: false });
        expect(made.body.data.target).not.toContain(TOKEN);
        expect((await pushTo(user, binding.id)).status).toBe(409);

        const tested = await request(ctx, "testPushChannel", {
          token: user.token,
          params: { id: made.body.data.id },
        });
        expect(tested.body.data.ok).toBe(true);
        const sent = () => standIn.sent.filter((m) => m.chat_id === chat);
        expect(sent().at(-1)!.text).toContain("<b>拾念测试消息</b>");

        const idea = (
          await request(ctx, "createIdea", {
            token: user.token,
            body: { content: "推送里的旧想法 3 < 5 && 5 > 4" },
          })
        ).body.data;
        const hidden = (
          await request(ctx, "createIdea", {
            token: user.token,
            body: { content: "不给群看的内容", aiExcluded: true },
          })
        ).body.data;
        await ctx.db.query("UPDATE ideas SET created_at = now() - interval '3 days' WHERE id = ANY($1)", [
          [idea.id, hidden.id],
        ]);
        const day = beijingDay(new Date());
        expect(
          await claimAndDeliver(deps(new Date()), user.id, "review", day, () =>
            reviewMessage(deps(new Date()), user.id, day),
          ),
        ).toBe(true);
        expect(await deliveryOf(ctx.db, user.id, "review", day)).toMatchObject({
          state: "sent",
          sent_to: [made.body.data.id],
        });
        const pushed = sent().at(-1)!;
        expect(pushed.parseMode).toBe("HTML");
        const review = pushed.text;
        // Telegram's HTML: the item's words escaped, each item numbered with its link
        expect(review.startsWith(`<b>今日回顾（${day}）</b>`)).toBe(true);
        expect(review).toMatch(/\d\. 推送里的旧想法 3 &lt; 5 &amp;&amp; 5 &gt; 4 <a href="[^"]+\/ideas\//);
        expect(review).toContain("一条想法（内容不推送）");
        expect(review).not.toContain("不给群看的内容");

        // a reply to the pushed review (Telegram gives the text as shown) is a 批注; a bare `n …` is
        // not: nobody asked for the push, so it opens no window for numbers
        const plain = pushed.shown;
        expect(plain).toContain("推送里的旧想法 3 < 5 && 5 > 4");
        const n = /(\d)\. 推送里的旧想法/.exec(plain)![1];
        standIn.send(chat, { text: `${n} 只是一条普通的想法` });
        expect((await standIn.repliesTo(chat, 4))[3]).toContain("已记下");
        standIn.send(chat, {
          text: `${n} 推送之后又想到`,
          reply_to_message: { message_id: 1, from: { id: 1, is_bot: true }, text: plain },
        });
        expect((await standIn.repliesTo(chat, 5))[4]).toContain(`已追加批注到回顾第 ${n} 条`);
        const thread = await request(ctx, "listAnnotations", { token: user.token, params: { id: idea.id } });
        expect(thread.body.data.items.map((a: { content: string }) => a.content)).toEqual(["推送之后又想到"]);

        // unbinding takes the channel with it
        standIn.send(chat, { text: "/unbind" });
        expect((await standIn.repliesTo(chat, 6))[5]).toContain("已解除绑定");
        const push = (await request(ctx, "getPush", { token: user.token })).body.data;
        expect(push.channels).toEqual([]);
      });

      it("a chat bound to another account afterwards gets none of the first account's pushes", async () => {
        const first = await registerUser(ctx);
        const second = await registerUser(ctx);
        const chat = ++chats;
        const binding = await bindChat(first, chat, 1);
        expect((await pushTo(first, binding.id)).status).toBe(201);
        await bindChat(second, chat, 2);
        expect((await request(ctx, "getPush", { token: first.token })).body.data.channels).toEqual([]);
      });
    });
  },
  {
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_BASE: standIn.url,
    SECRET_KEY: "telegram-push-key-0123456789abcdefghijk",
  },
  { telegram: { pollTimeoutS: 1, lockRetryMs: 200, retryAfterMs: 100, apiTimeoutMs: 2_000 } },
);

onOneDatabase(
  (ctx) => {
    const work = createBackgroundWork();
    let poller: ReturnType<typeof telegramPoller>;
    beforeAll(() => {
      poller = telegramPoller({
        config: ctx.config,
        db: ctx.db,
        logger: createLogger("silent"),
        work,
        clock: () => new Date(),
      });
      poller.start();
    });
    afterAll(async () => {
      await poller.stop();
      await work.close();
    });
    const deliver = (update: object, secret = hooked.webhook.secret ?? "") =>
      ctx.app.request("/telegram/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
        body: JSON.stringify(update),
      });

    it("on an https site, sets its webhook with a secret, takes updates posted with it once, and refuses others", async () => {
      const until = Date.now() + 5_000;
      while (!hooked.webhook.url && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(hooked.webhook.url).toBe("https://shinian.example.cn/telegram/webhook");
      expect(hooked.webhook.secret).toMatch(/^[A-Za-z0-9_-]{32,256}$/);

      const user = await registerUser(ctx);
      const chat = ++chats;
      const code = (await request(ctx, "createBindCode", { token: user.token })).body.data.code;
      expect((await deliver(hooked.update(chat, { text: `绑定 ${code}` }))).status).toBe(200);
      expect((await hooked.repliesTo(chat, 1))[0]).toContain("绑定成功");

      const forged = await deliver(hooked.update(chat, { text: "伪造的" }), "not-the-secret");
      expect(forged.status).toBe(401);
      const idea = hooked.update(chat, { text: "网络重发也只记一次" });
      for (let i = 0; i < 2; i++) expect((await deliver(idea)).status).toBe(200);
      expect((await hooked.repliesTo(chat, 2))[1]).toContain("已记下");
      await new Promise((r) => setTimeout(r, 200));
      expect((await feedOf(ctx, user)).map((i) => i.content)).toEqual(["网络重发也只记一次"]);
      expect(hooked.calls.getUpdates).toBe(0);
    });
  },
  {
    TELEGRAM_BOT_TOKEN: WEBHOOK_TOKEN,
    TELEGRAM_API_BASE: hooked.url,
    PUBLIC_URL: "https://shinian.example.cn",
  },
);
