import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { createLogger } from "../../src/logger.ts";
import { createBackgroundWork } from "../../src/shared/background-work.ts";
import { postSigned } from "../../src/webhooks/post.ts";
import { openSecret, resealStaleSecrets } from "../../src/webhooks/saved-secret.ts";
import { findWebhookRow } from "../../src/webhooks/webhooks.store.ts";
import { webhookWorker } from "../../src/webhooks/worker.ts";
import { call, onOneDatabase, registerUser, request, type TestCtx, testConfig } from "../helpers.ts";
import { imported } from "../import/helpers.ts";
import { startReceiver } from "./receiver.ts";

const SECRET_KEY = "webhook-test-key-0123456789abcdefghij";
const ALL = ["idea.created", "idea.updated", "idea.deleted", "review.ready"] as const;

onOneDatabase(
  (ctx) => {
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let worker: ReturnType<typeof webhookWorker>;
    const work = createBackgroundWork();
    beforeAll(async () => {
      receiver = await startReceiver();
      worker = webhookWorker({
        config: ctx.config,
        db: ctx.db,
        logger: createLogger("silent"),
        work,
        clock: () => new Date(),
      });
    });
    afterAll(async () => {
      await worker.stop();
      await work.close();
      await receiver.close();
    });

    const addWebhook = async (token: string, events: readonly string[] = ALL) => {
      const res = await call(ctx, "POST", "/api/webhooks", { token, body: { url: receiver.url, events } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as { id: string; secret: string };
    };
    const deliveries = async (token: string, id: string) =>
      (await request(ctx, "listWebhookDeliveries", { params: { id }, token })).body.data!.items;

    it("signs each change by Standard Webhooks: verified, a stale timestamp refused, a replay told apart", async () => {
      const u = await registerUser(ctx);
      const hook = await addWebhook(u.token);
      expect(hook.secret).toMatch(/^whsec_/);
      const listed = await request(ctx, "listWebhooks", { token: u.token });
      expect(JSON.stringify(listed.body)).not.toContain(hook.secret);

      const from = receiver.received.length;
      const made = await request(ctx, "createIdea", { token: u.token, body: { content: "陶艺课 #手工" } });
      const [got] = (await receiver.waitFor(from + 1)).slice(from);
      const { payload, replay } = receiver.verify(hook.secret, got!);
      expect(replay).toBe(false);
      expect(payload).toMatchObject({
        type: "idea.created",
        data: { id: made.body.data!.id, type: "idea", content: "陶艺课 #手工", tags: ["手工"] },
      });
      expect(Object.keys(payload.data).sort()).toEqual(
        ["content", "createdAt", "id", "tags", "title", "type", "updatedAt"].sort(),
      );
      // the same request again: it verifies, and the kept id shows it is a replay
      expect(receiver.verify(hook.secret, got!).replay).toBe(true);
      // signed ten minutes ago: outside the package's five-minute tolerance
      const old = { ...got!.headers, "webhook-timestamp": String(Math.floor(Date.now() / 1000) - 600) };
      expect(() => receiver.verify(hook.secret, { ...got!, headers: old })).toThrow(/timestamp/i);
      // another secret does not verify
      expect(() => receiver.verify(`whsec_${Buffer.alloc(32, 1).toString("base64")}`, got!)).toThrow();

      // an edit, a delete to 回收站 and the day's 每日回顾 follow, each once
      await request(ctx, "updateIdea", {
        token: u.token,
        params: { id: made.body.data!.id },
        body: { content: "陶艺课改期" },
      });
      await request(ctx, "deleteIdea", { token: u.token, params: { id: made.body.data!.id } });
      // written three days ago: 每日回顾 draws from before today
      const capturedAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
      await request(ctx, "createIdea", { token: u.token, body: { content: "另一个", capturedAt } });
      for (let i = 0; i < 2; i++)
        expect((await request(ctx, "reviewToday", { token: u.token })).status).toBe(200);
      const all = (await receiver.waitFor(from + 5)).slice(from);
      await new Promise((r) => setTimeout(r, 200));
      const types = receiver.received.slice(from).map((r) => receiver.verify(hook.secret, r).payload.type);
      expect(types.sort()).toEqual([
        "idea.created",
        "idea.created",
        "idea.deleted",
        "idea.updated",
        "review.ready",
      ]);
      expect(all.every((r) => r.headers["content-type"] === "application/json")).toBe(true);
    });

    it("不让AI读取: the body carries the id and type only", async () => {
      const u = await registerUser(ctx);
      const hook = await addWebhook(u.token, ["idea.created"]);
      const from = receiver.received.length;
      const made = await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "私事", aiExcluded: true },
      });
      const [got] = (await receiver.waitFor(from + 1)).slice(from);
      expect(receiver.verify(hook.secret, got!).payload.data).toEqual({
        id: made.body.data!.id,
        type: "idea",
      });
      expect(got!.body).not.toContain("私事");
    });

    it("an import sends nothing: thousands of old items are not news", async () => {
      const u = await registerUser(ctx);
      const hook = await addWebhook(u.token, ["idea.created", "note.created"]);
      const { status } = await imported(ctx, u, [{ name: "陶艺.md", bytes: "# 陶艺\n拉坯要稳" }]);
      expect(status).toMatchObject({ status: "done" });
      const events = async () =>
        (await ctx.db.query("SELECT type FROM item_events WHERE user_id = $1", [u.id])).rows.map(
          (r) => r.type,
        );
      expect(await events()).toEqual([]);
      expect(await deliveries(u.token, hook.id)).toEqual([]);
      await request(ctx, "createNote", { token: u.token, body: { title: "新写的", content: "正文" } });
      expect(await events()).toEqual(["note.created"]);
    });

    it("retries a 500 with the same webhook-id, then delivers", async () => {
      const u = await registerUser(ctx);
      const hook = await addWebhook(u.token, ["idea.created"]);
      const from = receiver.received.length;
      receiver.answer(500);
      await request(ctx, "createIdea", { token: u.token, body: { content: "第二次才送到" } });
      const [first, second] = (await receiver.waitFor(from + 2)).slice(from);
      expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
      receiver.verify(hook.secret, second!);
      await expect
        .poll(async () => (await deliveries(u.token, hook.id))[0])
        .toMatchObject({
          status: "delivered",
          attempts: 2,
          responseStatus: 200,
        });
    });

    it("switches the endpoint off, with its reason, when the retries are spent", async () => {
      const u = await registerUser(ctx);
      const hook = await addWebhook(u.token, ["idea.created"]);
      const tries = ctx.config.webhooks.retryDelaysMs.length + 1;
      const from = receiver.received.length;
      receiver.answer(...Array(tries).fill(503));
      await request(ctx, "createIdea", { token: u.token, body: { content: "送不到" } });
      await receiver.waitFor(from + tries);
      await expect
        .poll(async () => (await request(ctx, "listWebhooks", { token: u.token })).body.data!.items[0])
        .toMatchObject({ enabled: false, disabledReason: expect.stringContaining("HTTP 503") });
      expect((await deliveries(u.token, hook.id))[0]).toMatchObject({ status: "failed", attempts: tries });
      // switched off: a new change is not sent; 发送测试 switches it on again
      await request(ctx, "createIdea", { token: u.token, body: { content: "停用后" } });
      const test = await request(ctx, "testWebhook", { token: u.token, params: { id: hook.id } });
      expect(test.status).toBe(202);
      const [got] = (await receiver.waitFor(from + tries + 1)).slice(from + tries);
      expect(receiver.verify(hook.secret, got!).payload.type).toBe("webhook.test");
      expect((await request(ctx, "listWebhooks", { token: u.token })).body.data!.items[0]!.enabled).toBe(
        true,
      );
    });

    it("at most 5 per account; no access token may manage them, not even a write one", async () => {
      const u = await registerUser(ctx);
      const hooks = [];
      for (let i = 0; i < 5; i++) hooks.push(await addWebhook(u.token, ["note.created"]));
      const sixth = await call(ctx, "POST", "/api/webhooks", {
        token: u.token,
        body: { url: receiver.url, events: ["note.created"] },
      });
      expect(sixth.status).toBe(409);
      expect(sixth.body.message).toBe("每个账号最多添加 5 个 Webhook");
      const write = await request(ctx, "createAccessToken", {
        token: u.token,
        body: { name: "脚本", scope: "write" },
      });
      const token = write.body.data!.token;
      const id = hooks[0]!.id;
      for (const [method, path] of [
        ["GET", "/api/webhooks"],
        ["POST", "/api/webhooks"],
        ["DELETE", `/api/webhooks/${id}`],
        ["POST", `/api/webhooks/${id}/test`],
        ["GET", `/api/webhooks/${id}/deliveries`],
      ] as const) {
        const body = method === "POST" ? { url: receiver.url, events: ["idea.created"] } : undefined;
        const res = await call(ctx, method, path, { token, body });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      expect((await request(ctx, "listWebhooks", { token: u.token })).body.data!.items).toHaveLength(5);
    });

    it("without OUTBOUND_ALLOW_LOCAL: a local or plain-http address is refused, at creation and where it connects", async () => {
      const strictConfig = testConfig({ SECRET_KEY });
      const strict: TestCtx = {
        ...ctx,
        config: strictConfig,
        app: createApp({ config: strictConfig, db: ctx.db, logger: createLogger("silent") }),
      };
      const u = await registerUser(strict);
      for (const [url, message] of [
        [receiver.url, "接收地址须以 https:// 开头"],
        ["https://127.0.0.1/hook", "不能使用本机或内网的地址"],
        ["https://localhost/hook", "不能使用本机或内网的地址"],
      ]) {
        const res = await call(strict, "POST", "/api/webhooks", {
          token: u.token,
          body: { url, events: ["idea.created"] },
        });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
      // an address written as a local IP is refused where the socket connects, too
      const port = new URL(receiver.url).port;
      const literal = await postSigned(`https://127.0.0.1:${port}/`, {}, "{}", {
        timeoutMs: 2_000,
        maxResponseBytes: 1024,
        allowLocal: false,
      });
      expect(literal).toEqual({ ok: false, status: null, error: "不能连接本机或内网的地址" });
    });

    it("a rotated SECRET_KEY: the sweep seals each secret again under the new key, and the old one can go", async () => {
      const u = await registerUser(ctx);
      const hook = await addWebhook(u.token, ["note.created"]);
      const NEW_KEY = "another-webhook-key-0123456789abcdefghij";
      const rotated = testConfig({ SECRET_KEY: NEW_KEY, SECRET_KEY_PREVIOUS: SECRET_KEY });
      const n = await resealStaleSecrets({ config: rotated, db: ctx.db });
      expect(n.resealed).toBeGreaterThanOrEqual(1);
      const newOnly = testConfig({ SECRET_KEY: NEW_KEY }).webhooks;
      const row = await findWebhookRow(ctx.db, u.id, hook.id);
      expect(openSecret(newOnly, row!.secret_enc, { userId: u.id, webhookId: hook.id })?.plaintext).toBe(
        hook.secret,
      );
      // bound to its row: another webhook's id does not open it
      expect(
        openSecret(newOnly, row!.secret_enc, { userId: u.id, webhookId: crypto.randomUUID() }),
      ).toBeNull();
    });

    it("without SECRET_KEY webhooks are off, and say so", async () => {
      const offConfig = testConfig();
      const off: TestCtx = {
        ...ctx,
        config: offConfig,
        app: createApp({ config: offConfig, db: ctx.db, logger: createLogger("silent") }),
      };
      const u = await registerUser(off);
      const listed = await request(off, "listWebhooks", { token: u.token });
      expect(listed.body.data).toMatchObject({
        available: false,
        message: expect.stringContaining("SECRET_KEY"),
      });
      const res = await call(off, "POST", "/api/webhooks", {
        token: u.token,
        body: { url: "https://hooks.example.cn/", events: ["idea.created"] },
      });
      expect(res.status).toBe(403);
    });
  },
  { SECRET_KEY, OUTBOUND_ALLOW_LOCAL: "true" },
  { webhooks: { retryDelaysMs: [50, 50], pollMs: 50 } },
);
