// Over 300 lines on purpose: one file for the capture API's whole promise (clientId replay and 410,
// capturedAt, capture tokens and where they are refused), whose cases share one set of helpers.
import { randomUUID } from "node:crypto";
import { CAPTURE_TOKEN_LIMIT, DELETE_ACCOUNT_PHRASE, endpointList as endpoints } from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { chooseAutoTidy, eventually, withProvider } from "./ai-helpers.ts";
import {
  call,
  forEachDatabase,
  PASSWORD,
  registerUser,
  request,
  type TestCtx,
  type TestUser,
} from "./helpers.ts";

const DAY = 86_400_000;

const capture = (ctx: TestCtx, token: string, body: object) =>
  call(ctx, "POST", "/api/ideas", { token, body });

const ideasOf = async (ctx: TestCtx, user: TestUser) =>
  (await call(ctx, "GET", "/api/ideas?limit=100", { token: user.token })).body.data.items as {
    id: string;
    content: string;
    clientId: string | null;
    createdAt: string;
  }[];

async function newToken(ctx: TestCtx, user: TestUser, name = "快捷指令") {
  const res = await request(ctx, "createCaptureToken", { token: user.token, body: { name } });
  if (res.status !== 201) throw new Error(`capture token: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; name: string; token: string; lastUsedAt: string | null };
}

const concrete = (path: string) =>
  path
    .replace("{id}", "00000000-0000-4000-8000-000000000000")
    .replace("{versionId}", "00000000-0000-4000-8000-000000000001");

forEachDatabase((ctx) => {
  describe("clientId", () => {
    it("a repeat with the same clientId creates nothing and answers 200 with the first idea, whatever its content", async () => {
      const u = await registerUser(ctx);
      const clientId = randomUUID();
      const first = await capture(ctx, u.token, { content: "第一次", tags: ["灵感"], clientId });
      expect(first.status).toBe(201);
      expect(first.body.data).toMatchObject({ content: "第一次", tags: ["灵感"], clientId });

      const again = await capture(ctx, u.token, { content: "内容变了", tags: ["别的"], clientId });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(first.body.data);
      const ideas = await ideasOf(ctx, u);
      expect(ideas.map((i) => i.content)).toEqual(["第一次"]);

      // without a clientId, the same words are simply another idea
      const plain = await capture(ctx, u.token, { content: "第一次" });
      expect(plain.status).toBe(201);
      expect(plain.body.data.clientId).toBeNull();
      expect(await ideasOf(ctx, u)).toHaveLength(2);
    });

    it("ten concurrent requests with one clientId make exactly one idea, and all answer it", async () => {
      const u = await registerUser(ctx);
      const clientId = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => capture(ctx, u.token, { content: `并发 ${i}`, clientId })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      const ids = new Set(answers.map((a) => a.body.data.id));
      expect(ids.size).toBe(1);
      const ideas = await ideasOf(ctx, u);
      expect(ideas).toHaveLength(1);
      expect(ideas[0]!.id).toBe([...ids][0]);
      expect(ideas[0]!.content).toBe(answers.find((a) => a.status === 201)!.body.data.content);
    });

    it("a repeat after the idea was deleted answers 410 and does not bring it back", async () => {
      const u = await registerUser(ctx);
      const clientId = randomUUID();
      const first = await capture(ctx, u.token, { content: "会被删除", clientId });
      const del = await request(ctx, "deleteIdea", { params: { id: first.body.data.id }, token: u.token });
      expect(del.status).toBe(200);
      for (let i = 0; i < 2; i++) {
        const again = await capture(ctx, u.token, { content: "会被删除", clientId });
        expect(again.status).toBe(410);
        expect(again.body).toEqual({
          success: false,
          code: "GONE",
          message: "这条想法已被删除，不会重新创建",
        });
      }
      expect(await ideasOf(ctx, u)).toEqual([]);
      // another clientId is unaffected
      expect((await capture(ctx, u.token, { content: "新的", clientId: randomUUID() })).status).toBe(201);
    });

    it("replays racing the delete never bring the idea back", async () => {
      const u = await registerUser(ctx);
      for (let round = 0; round < 5; round++) {
        const clientId = randomUUID();
        const first = await capture(ctx, u.token, { content: `第 ${round} 轮`, clientId });
        const [del, ...replays] = await Promise.all([
          request(ctx, "deleteIdea", { params: { id: first.body.data.id }, token: u.token }),
          ...Array.from({ length: 8 }, () => capture(ctx, u.token, { content: "重放", clientId })),
        ]);
        expect(del!.status).toBe(200);
        for (const r of replays) {
          expect([200, 410]).toContain(r.status);
          if (r.status === 200) expect(r.body.data.id).toBe(first.body.data.id);
        }
        expect((await capture(ctx, u.token, { content: "重放", clientId })).status).toBe(410);
      }
      expect(await ideasOf(ctx, u)).toEqual([]);
    });

    it("the same clientId from another user makes an independent idea", async () => {
      const a = await registerUser(ctx);
      const b = await registerUser(ctx);
      const clientId = randomUUID();
      const mine = await capture(ctx, a.token, { content: "甲的想法", clientId });
      const theirs = await capture(ctx, b.token, { content: "乙的想法", clientId });
      expect(theirs.status).toBe(201);
      expect(theirs.body.data.id).not.toBe(mine.body.data.id);
      expect(theirs.body.data.content).toBe("乙的想法");
      // deleting one user's idea leaves the other's clientId alone
      await request(ctx, "deleteIdea", { params: { id: mine.body.data.id }, token: a.token });
      const repeat = await capture(ctx, b.token, { content: "乙的想法", clientId });
      expect(repeat.status).toBe(200);
      expect(repeat.body.data.id).toBe(theirs.body.data.id);
    });

    it("refuses a clientId that is not a UUID", async () => {
      const u = await registerUser(ctx);
      const res = await capture(ctx, u.token, { content: "想法", clientId: "offline-1" });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("clientId 须为 UUID");
      expect(await ideasOf(ctx, u)).toEqual([]);
    });
  });

  describe("capturedAt", () => {
    it("dates the idea, and it sorts by that time in the list and the feed, across pages", async () => {
      const u = await registerUser(ctx);
      const now = Date.now();
      const twoHours = new Date(now - 2 * 3_600_000);
      // the same instant written in Beijing time
      const beijing = new Date(twoHours.getTime() + 8 * 3_600_000).toISOString().replace("Z", "+08:00");
      const a = await capture(ctx, u.token, { content: "刚刚" });
      const b = await capture(ctx, u.token, { content: "两小时前", capturedAt: beijing });
      const c = await capture(ctx, u.token, {
        content: "一小时前",
        capturedAt: new Date(now - 3_600_000).toISOString(),
      });
      expect(b.status).toBe(201);
      expect(b.body.data.createdAt).toBe(twoHours.toISOString());
      expect(b.body.data.updatedAt).toBe(twoHours.toISOString());
      expect(c.body.data.createdAt).toBe(new Date(now - 3_600_000).toISOString());

      const order = [a, c, b].map((r) => r.body.data.id);
      expect((await ideasOf(ctx, u)).map((i) => i.id)).toEqual(order);
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: { data: { items: { id: string }[]; nextCursor: string | null } } } = await call(
          ctx,
          "GET",
          `/api/feed?limit=1${cursor ? `&cursor=${cursor}` : ""}`,
          { token: u.token },
        );
        walked.push(...page.body.data.items.map((i) => i.id));
        cursor = page.body.data.nextCursor;
      } while (cursor);
      expect(walked).toEqual(order);
    });

    it("is never in the future, and never more than 7 days back", async () => {
      const u = await registerUser(ctx);
      const before = Date.now();
      const future = await capture(ctx, u.token, {
        content: "来自未来",
        capturedAt: new Date(before + 3 * DAY).toISOString(),
      });
      const past = await capture(ctx, u.token, {
        content: "很久以前",
        capturedAt: "2020-01-01T08:00:00+08:00",
      });
      const after = Date.now();
      expect(future.status).toBe(201);
      const futureAt = Date.parse(future.body.data.createdAt);
      expect(futureAt).toBeGreaterThanOrEqual(before - 1000);
      expect(futureAt).toBeLessThanOrEqual(after + 1000);
      expect(future.body.data.updatedAt).toBe(future.body.data.createdAt);
      const pastAt = Date.parse(past.body.data.createdAt);
      expect(pastAt).toBeGreaterThanOrEqual(before - 7 * DAY - 1000);
      expect(pastAt).toBeLessThanOrEqual(after - 7 * DAY + 1000);
      expect((await ideasOf(ctx, u)).map((i) => i.content)).toEqual(["来自未来", "很久以前"]);
    });

    it("refuses a time without an offset, or not a time at all", async () => {
      const u = await registerUser(ctx);
      for (const capturedAt of ["2026-01-01T08:00:00", "昨天", "2026-02-30T08:00:00Z", 1767225600000]) {
        const res = await capture(ctx, u.token, { content: "想法", capturedAt });
        expect(res.status, String(capturedAt)).toBe(400);
        expect(res.body.issues[0].path).toBe("capturedAt");
      }
      expect(await ideasOf(ctx, u)).toEqual([]);
    });
  });

  describe("capture tokens", () => {
    it("creates a token shown once, lists it without the token, and the token creates ideas", async () => {
      const u = await registerUser(ctx);
      const created = await request(ctx, "createCaptureToken", {
        token: u.token,
        body: { name: "  iPhone 快捷指令 " },
      });
      expect(created.status).toBe(201);
      const { token, ...listed } = created.body.data;
      expect(token).toMatch(/^sn_cap_[A-Za-z0-9_-]{43}$/);
      expect(listed).toMatchObject({ name: "iPhone 快捷指令", lastUsedAt: null });

      const list = await request(ctx, "listCaptureTokens", { token: u.token });
      expect(list.status).toBe(200);
      expect(list.body.data.items).toEqual([listed]);
      expect(JSON.stringify(list.body)).not.toContain(token.slice(7));
      const stored = await ctx.db.query("SELECT * FROM capture_tokens WHERE user_id = $1", [u.id]);
      expect(JSON.stringify(stored.rows)).not.toContain(token.slice(7));

      const idea = await capture(ctx, token, { content: "从快捷指令记下的想法", tags: ["手机"] });
      expect(idea.status).toBe(201);
      expect(idea.body.data).toMatchObject({ content: "从快捷指令记下的想法", tags: ["手机"] });
      const feed = await request(ctx, "feed", { token: u.token });
      expect(feed.body.data.items.map((i: { id: string }) => i.id)).toEqual([idea.body.data.id]);

      const used = (await request(ctx, "listCaptureTokens", { token: u.token })).body.data.items[0]!;
      expect(Date.parse(used.lastUsedAt!)).toBeGreaterThan(Date.now() - 60_000);

      // a shortcut's retry with a clientId is idempotent like the app's
      const clientId = randomUUID();
      const once = await capture(ctx, token, { content: "重试", clientId });
      const twice = await capture(ctx, token, { content: "重试", clientId });
      expect([once.status, twice.status]).toEqual([201, 200]);
      expect(twice.body.data.id).toBe(once.body.data.id);
    });

    it("is refused with 403 on every other endpoint, and a refused use is not a use", async () => {
      const u = await registerUser(ctx);
      const { token } = await newToken(ctx, u);
      const allowed = endpoints.filter((e) => e.captureToken).map((e) => `${e.method} ${e.path}`);
      expect(allowed).toEqual(["post /api/ideas"]);
      const refused = endpoints.filter((e) => e.auth && !e.captureToken);
      expect(refused.length).toBeGreaterThan(30);
      for (const e of refused) {
        const res = await call(ctx, e.method.toUpperCase(), concrete(e.path), {
          token,
          body: e.body ? {} : undefined,
        });
        expect(res.status, `${e.method} ${e.path}`).toBe(403);
        expect(res.body, `${e.method} ${e.path}`).toEqual({
          success: false,
          code: "FORBIDDEN",
          message: "该令牌只能用于记录想法，请登录后再操作",
        });
      }
      // an idea made by the session is out of the token's reach too
      const idea = await capture(ctx, u.token, { content: "会话记下的" });
      for (const [method, path] of [
        ["GET", `/api/ideas/${idea.body.data.id}`],
        ["DELETE", `/api/ideas/${idea.body.data.id}`],
      ] as const) {
        expect((await call(ctx, method, path, { token })).status).toBe(403);
      }
      expect(await ideasOf(ctx, u)).toHaveLength(1);
      const list = await request(ctx, "listCaptureTokens", { token: u.token });
      expect(list.body.data.items).toHaveLength(1);
      expect(list.body.data.items[0]!.lastUsedAt).toBeNull();
      expect((await request(ctx, "me", { token: u.token })).status).toBe(200);
    });

    it("a revoked or unknown token is refused with 401; only its owner can revoke it", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      const kept = await newToken(ctx, u, "保留");
      const revoked = await newToken(ctx, u, "吊销");
      expect((await capture(ctx, revoked.token, { content: "吊销前" })).status).toBe(201);

      const foreign = await request(ctx, "revokeCaptureToken", {
        params: { id: revoked.id },
        token: other.token,
      });
      expect(foreign.status).toBe(404);
      expect((await capture(ctx, revoked.token, { content: "仍可用" })).status).toBe(201);

      const del = await request(ctx, "revokeCaptureToken", { params: { id: revoked.id }, token: u.token });
      expect(del.status).toBe(200);
      for (const token of [revoked.token, `sn_cap_${"A".repeat(43)}`]) {
        for (const [method, path] of [
          ["POST", "/api/ideas"],
          ["GET", "/api/feed"],
        ]) {
          const res = await call(ctx, method!, path!, {
            token,
            body: method === "POST" ? { content: "吊销后" } : undefined,
          });
          expect(res.status).toBe(401);
          expect(res.body.code).toBe("UNAUTHORIZED");
        }
      }
      const again = await request(ctx, "revokeCaptureToken", { params: { id: revoked.id }, token: u.token });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe("令牌不存在或已吊销");
      expect(
        (await call(ctx, "DELETE", "/api/auth/capture-tokens/not-a-uuid", { token: u.token })).status,
      ).toBe(404);

      const list = await request(ctx, "listCaptureTokens", { token: u.token });
      expect(list.body.data.items.map((t: { id: string }) => t.id)).toEqual([kept.id]);
      expect((await capture(ctx, kept.token, { content: "另一个令牌不受影响" })).status).toBe(201);
      expect((await ideasOf(ctx, u)).map((i) => i.content)).toEqual([
        "另一个令牌不受影响",
        "仍可用",
        "吊销前",
      ]);
    });

    it("names are 1–30 characters", async () => {
      const u = await registerUser(ctx);
      for (const body of [{}, { name: "" }, { name: "   " }, { name: "名".repeat(31) }, { name: 42 }]) {
        const res = await call(ctx, "POST", "/api/auth/capture-tokens", { token: u.token, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.code).toBe("VALIDATION_ERROR");
      }
      const nul = await request(ctx, "createCaptureToken", {
        token: u.token,
        body: { name: "快捷\u0000指令" },
      });
      expect(nul.status).toBe(400);
      expect(nul.body.message).toContain("无法保存的字符");
      expect(
        (
          await request(ctx, "createCaptureToken", {
            token: u.token,
            body: { name: "名".repeat(31) },
          })
        ).body.message,
      ).toContain("1–30");
      expect((await request(ctx, "listCaptureTokens", { token: u.token })).body.data.items).toEqual([]);
      expect((await newToken(ctx, u, "名".repeat(30))).name).toBe("名".repeat(30));
    });

    it(`a person holds at most ${CAPTURE_TOKEN_LIMIT}, even when asking for them all at once`, async () => {
      const u = await registerUser(ctx);
      const answers = await Promise.all(
        Array.from({ length: CAPTURE_TOKEN_LIMIT + 5 }, (_, i) =>
          request(ctx, "createCaptureToken", { token: u.token, body: { name: `令牌 ${i}` } }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(CAPTURE_TOKEN_LIMIT);
      const over = answers.filter((a) => a.status !== 201);
      expect(over).toHaveLength(5);
      for (const a of over) {
        expect(a.status).toBe(400);
        expect(a.body.message).toBe(`记录令牌最多 ${CAPTURE_TOKEN_LIMIT} 个，请先吊销不再使用的令牌`);
      }
      const list = await request(ctx, "listCaptureTokens", { token: u.token });
      expect(list.body.data.items).toHaveLength(CAPTURE_TOKEN_LIMIT);
      // revoking one makes room for one
      await request(ctx, "revokeCaptureToken", {
        params: { id: list.body.data.items[0]!.id },
        token: u.token,
      });
      expect((await newToken(ctx, u, "腾出的位置")).name).toBe("腾出的位置");
    });

    it("changing the password revokes every capture token", async () => {
      const u = await registerUser(ctx);
      const { token } = await newToken(ctx, u);
      const changed = await request(ctx, "changePassword", {
        token: u.token,
        body: { currentPassword: PASSWORD, newPassword: "another-pass-42" },
      });
      expect(changed.status).toBe(200);
      expect((await capture(ctx, token, { content: "改密码之后" })).status).toBe(401);
      expect((await request(ctx, "listCaptureTokens", { token: u.token })).body.data.items).toEqual([]);
    });

    it("deleting the account removes its tokens and its deleted client ids", async () => {
      const u = await registerUser(ctx);
      const { token } = await newToken(ctx, u);
      const clientId = randomUUID();
      const idea = await capture(ctx, token, { content: "想法", clientId });
      await request(ctx, "deleteIdea", { params: { id: idea.body.data.id }, token: u.token });
      const gone = await request(ctx, "deleteAccount", {
        token: u.token,
        body: { password: PASSWORD, confirm: DELETE_ACCOUNT_PHRASE },
      });
      expect(gone.status).toBe(200);
      expect((await capture(ctx, token, { content: "账号删除之后" })).status).toBe(401);
      const left = await ctx.db.query(
        `SELECT (SELECT count(*) FROM capture_tokens WHERE user_id = $1)::int AS tokens,
                (SELECT count(*) FROM deleted_client_ids WHERE user_id = $1)::int AS tombstones`,
        [u.id],
      );
      expect(left.rows[0]).toEqual({ tokens: 0, tombstones: 0 });
    });
  });
});

forEachDatabase((ctx) => {
  const ai = withProvider(ctx, () => ({
    kind: "stream",
    chunks: ['```json\n{"title":"自动标题","content":"整理后的正文","tags":[]}\n```'],
  }));

  it("自动整理 runs for the first capture of a clientId and never for a repeat", async () => {
    const u = await registerUser(ctx);
    await chooseAutoTidy(ctx, u);
    const clientId = randomUUID();
    const first = await request(ai.ctx, "createIdea", {
      token: u.token,
      body: { content: "随手", clientId },
    });
    expect(first.status).toBe(201);
    expect(first.body.data.aiStatus).toBe("pending");
    const tidied = await eventually(
      async () =>
        (await request(ctx, "getIdea", { params: { id: first.body.data.id }, token: u.token })).body.data,
      (idea) => idea.aiStatus !== "pending",
    );
    expect(tidied).toMatchObject({ aiStatus: "done", title: "自动标题" });
    const sent = ai.fake.received.length;

    const again = await request(ai.ctx, "createIdea", {
      token: u.token,
      body: { content: "随手", clientId },
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: first.body.data.id, aiStatus: "done", title: "自动标题" });
    await new Promise((r) => setTimeout(r, 300));
    expect(ai.fake.received.length).toBe(sent);
    const balance = await request(ctx, "getPoints", { token: u.token });
    expect(balance.body.data.balance).toBe(99);
  });
});
