import type { TokenScope } from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { createLogger } from "../../src/logger.ts";
import { call, onOneDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";

async function tokenOf(ctx: TestCtx, user: TestUser, scope: TokenScope) {
  const res = await request(ctx, "createAccessToken", { token: user.token, body: { name: "flomo", scope } });
  return res.body.data.token as string;
}

const post = (ctx: TestCtx, path: string, body: BodyInit, type = "application/json") =>
  ctx.app.request(path, { method: "POST", headers: { "content-type": type }, body });

const feedOf = async (ctx: TestCtx, user: TestUser) =>
  (await call(ctx, "GET", "/api/feed", { token: user.token })).body.data.items as {
    content: string;
    tags: string[];
  }[];

// flomo's answer, as its incoming webhook sends it: Beijing wall time to the second, HTML content
const BEIJING_WALL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

onOneDatabase((ctx) => {
  describe("flomo's incoming API (/iwh/…)", () => {
    it("takes JSON, a form and Markdown, on every URL shape flomo tools paste, and answers flomo's memo", async () => {
      const u = await registerUser(ctx);
      const token = await tokenOf(ctx, u, "capture");
      const json = await post(
        ctx,
        `/iwh/${token}/`,
        JSON.stringify({ content: "读《活着》 #读书/小说 #晨读" }),
      );
      expect(json.status).toBe(200);
      const answer = await json.json();
      expect(answer).toMatchObject({
        code: 0,
        message: "已记录",
        memo: {
          source: "incoming_webhook",
          content: "<p>读《活着》 #读书/小说 #晨读</p>",
          tags: ["读书/小说", "晨读"],
          linked_memos: [],
          linked_count: 0,
        },
      });
      expect(answer.memo.created_at).toMatch(BEIJING_WALL_TIME);
      expect(answer.memo.updated_at).toBe(answer.memo.created_at);
      expect(typeof answer.memo.slug).toBe("string");

      const form = await post(
        ctx,
        `/iwh/MjI4MjczNA/${token}`,
        new URLSearchParams({ content: "表单记下的 <b>粗</b>" }).toString(),
        "application/x-www-form-urlencoded",
      );
      expect((await form.json()).memo.content).toBe("<p>表单记下的 &lt;b&gt;粗&lt;/b&gt;</p>");
      const multipart = new FormData();
      multipart.set("content", "multipart 记下的");
      expect((await ctx.app.request(`/iwh/${token}`, { method: "POST", body: multipart })).status).toBe(200);
      const markdown = await post(
        ctx,
        `/iwh/x/${token}/`,
        JSON.stringify({ content: "**重点**\n- 一\n- 二", content_type: "markdown" }),
      );
      expect((await markdown.json()).code).toBe(0);

      expect((await feedOf(ctx, u)).map((i) => i.content)).toEqual([
        "**重点**\n- 一\n- 二",
        "multipart 记下的",
        "表单记下的 <b>粗</b>",
        "读《活着》 #读书/小说 #晨读",
      ]);
    });

    it("fails in flomo's shape with a 4xx and a Chinese message, and saves nothing", async () => {
      const u = await registerUser(ctx);
      const capture = await tokenOf(ctx, u, "capture");
      const write = await tokenOf(ctx, u, "write");
      const read = await tokenOf(ctx, u, "read");
      const cases: [string, BodyInit, number, string?][] = [
        [`/iwh/${capture}/`, JSON.stringify({ content: "   " }), 400, "内容不能为空"],
        [`/iwh/${capture}/`, JSON.stringify({}), 400],
        [`/iwh/${capture}/`, JSON.stringify({ content: "x".repeat(10_001) }), 400, "10000"],
        [`/iwh/${capture}/`, JSON.stringify({ content: "好", content_type: "html" }), 400, "content_type"],
        [`/iwh/${capture}/`, "{not json", 400, "JSON"],
        [`/iwh/${read}/`, JSON.stringify({ content: "只读令牌" }), 403, "权限不够"],
        [`/iwh/${u.token}/`, JSON.stringify({ content: "会话令牌不在网址里用" }), 401],
        [`/iwh/sn_pat_${"A".repeat(43)}/`, JSON.stringify({ content: "未知令牌" }), 401, "令牌无效"],
      ];
      for (const [path, body, status, says] of cases) {
        const res = await post(ctx, path, body);
        const answer = await res.json();
        expect(res.status, path).toBe(status);
        expect(answer.code).toBe(-1);
        if (says) expect(answer.message).toContain(says);
      }
      const get = await ctx.app.request(`/iwh/${capture}/`);
      expect([get.status, (await get.json()).code]).toEqual([405, -1]);
      expect(await feedOf(ctx, u)).toEqual([]);
      // a write token captures too
      expect((await post(ctx, `/iwh/${write}`, JSON.stringify({ content: "读写令牌" }))).status).toBe(200);
    });

    it("never writes the token into a log line", async () => {
      const u = await registerUser(ctx);
      const token = await tokenOf(ctx, u, "capture");
      const lines: string[] = [];
      const app = createApp({
        config: ctx.config,
        db: ctx.db,
        logger: createLogger("debug", {}, (l) => lines.push(l)),
      });
      await app.request(`/iwh/${token}/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ content: "日志里没有令牌" }),
      });
      expect(lines.join("\n")).not.toContain(token.slice(7));
      expect(lines.map((l) => JSON.parse(l)).find((e) => e.msg === "request")).toMatchObject({
        path: "/iwh/…",
        status: 200,
      });
    });
  });
});
