import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { TokenScope } from "@shinian/contract";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createApp } from "../../src/app.ts";
import { createLogger } from "../../src/logger.ts";
import { spend } from "../../src/points/points.ts";
import { listen } from "../../src/server.ts";
import { type FakeProvider, startFakeProvider, tokens } from "../fake-provider.ts";
import {
  call,
  onOneDatabase,
  patched,
  registerUser,
  request,
  type TestCtx,
  type TestUser,
  testConfig,
} from "../helpers.ts";
import { callOk, callRefused, mcpClient, serving } from "./helpers.ts";

const TOOLS = [
  "search",
  "get_items",
  "list_recent",
  "related",
  "tag_tree",
  "daily_review",
  "create_idea",
  "update_item",
  "rename_tag",
  "ask",
];
const SECRET = "绝密的陶艺釉料配方";
const DAY = 24 * 3600_000;

async function addIdea(ctx: TestCtx, user: TestUser, body: object): Promise<string> {
  const res = await call(ctx, "POST", "/api/ideas", { token: user.token, body });
  if (res.status !== 201) throw new Error(`idea: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

onOneDatabase((ctx) => {
  // a second app on the test database with an AI provider, its clock a day on (每日回顾 draws
  // from the items made before its day began)
  const ai = { fake: undefined as unknown as FakeProvider, ctx: undefined as unknown as TestCtx };
  beforeAll(async () => {
    ai.fake = await startFakeProvider();
    const config = testConfig({ AI_BASE_URL: ai.fake.url, AI_API_KEY: "sk-test", AI_MODEL: "fake-model" });
    const clock = () => new Date(Date.now() + DAY);
    ai.ctx = {
      ...ctx,
      config,
      app: createApp({ config, db: ctx.db, logger: createLogger("silent"), clock }),
    };
  });
  afterAll(() => ai.fake.close());
  const withAi = serving(() => ({ app: ai.ctx.app, http: ai.ctx.config.http }));
  const local = serving(() => ({ app: ctx.app, http: ctx.config.http }));

  it("lists its tools and answers each, never with an item marked 不让AI读取", async () => {
    const u = await registerUser(ctx);
    const pottery = await addIdea(ctx, u, { content: "陶艺拉坯要先定中心，手要稳 #手工/陶艺" });
    const glaze = await addIdea(ctx, u, { content: "陶艺上釉之前先素烧一次 #手工/陶艺" });
    const secret = await addIdea(ctx, u, { content: `${SECRET}：陶艺 #手工/陶艺`, aiExcluded: true });
    const client = await mcpClient(withAi.url(), u.token);

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS);
    for (const t of tools) {
      expect(t.description).toMatch(/^[^a-zA-Z]*[\u4e00-\u9fff][\s\S]* \/ [A-Z]/u); // Chinese, then English
      expect(t.inputSchema.type).toBe("object");
    }

    const found = await callOk(client, "search", { query: "陶艺", tag: "手工", limit: 10 });
    expect(found.items.map((i: { id: string }) => i.id).sort()).toEqual([pottery, glaze].sort());
    expect(found.items[0]).toMatchObject({
      type: "idea",
      tags: ["手工/陶艺"],
      url: expect.stringMatching(/^http:\/\/localhost:\d+\/ideas\/[0-9a-f-]{36}$/),
      excerpt: expect.stringContaining("陶艺"),
      created_at: expect.any(String),
      title: expect.any(String),
    });
    expect((await callOk(client, "search", { query: "陶艺", type: "note" })).items).toEqual([]);
    expect((await callOk(client, "search", { query: "陶艺", to: "2000-01-01" })).items).toEqual([]);
    expect(await callRefused(client, "search", { query: "陶艺", from: "昨天" })).toContain("YYYY-MM-DD");

    const got = await callOk(client, "get_items", { ids: [pottery, secret] });
    expect(got.items).toMatchObject([
      { id: pottery, content: expect.stringContaining("定中心"), truncated: false },
    ]);
    expect(got.not_found).toEqual([secret]);
    expect(await callRefused(client, "related", { id: secret })).toContain("不存在");

    const recent = await callOk(client, "list_recent", { limit: 5 });
    expect(recent.items.map((i: { id: string }) => i.id)).toEqual([glaze, pottery]);
    const related = await callOk(client, "related", { id: pottery });
    expect(related.items.map((i: { id: string }) => i.id)).toEqual([glaze]);
    const review = await callOk(client, "daily_review");
    expect(review.items.map((i: { id: string }) => i.id).sort()).toEqual([pottery, glaze].sort());
    expect((await callOk(client, "tag_tree")).tags).toEqual([
      {
        name: "手工",
        path: "手工",
        count: 3,
        children: [{ name: "陶艺", path: "手工/陶艺", count: 3, children: [] }],
      },
    ]);

    const made = (await callOk(client, "create_idea", { content: "用 MCP 记下的想法 #来自AI" })).item;
    expect(made).toMatchObject({ type: "idea", tags: ["来自AI"], content: "用 MCP 记下的想法 #来自AI" });
    const edited = (
      await callOk(client, "update_item", {
        id: made.id,
        base_updated_at: made.updated_at,
        content: "改过一次",
      })
    ).item;
    expect(edited.content).toBe("改过一次");
    // a stale base: nothing overwritten, the current version comes back
    const conflict = JSON.parse(
      await callRefused(client, "update_item", {
        id: made.id,
        base_updated_at: made.updated_at,
        content: "旧的覆盖",
      }),
    );
    expect(conflict).toMatchObject({ conflict: true, current: { id: made.id, content: "改过一次" } });
    expect(
      await callRefused(client, "update_item", { id: secret, base_updated_at: made.updated_at, title: "x" }),
    ).toContain("不存在");

    expect(await callOk(client, "rename_tag", { from: "手工", to: "手作", dry_run: true })).toEqual({
      changed: 3,
      dry_run: true,
    });
    expect((await callOk(client, "tag_tree")).tags.map((t: { path: string }) => t.path)).toContain("手工");
    expect(await callOk(client, "rename_tag", { from: "手工", to: "手作" })).toEqual({
      changed: 3,
      dry_run: false,
    });
    expect((await callOk(client, "get_items", { ids: [pottery] })).items[0].tags).toEqual(["手作/陶艺"]);

    ai.fake.script({ kind: "stream", chunks: tokens("拉坯要先定中心[1]。") });
    const asked = await callOk(client, "ask", { question: "我关于陶艺记了什么？" });
    expect(asked.answer).toBe("拉坯要先定中心[1]。");
    expect(asked.points).toBe(ai.ctx.config.points.costs.chatReply);
    expect(asked.citations).toHaveLength(1);
    expect(asked.citations[0]).toMatchObject({
      ref: 1,
      id: expect.any(String),
      url: expect.stringContaining("/ideas/"),
    });
    expect(JSON.stringify(ai.fake.received.at(-1)!.body.messages)).not.toContain(SECRET);
    await client.close();
  });

  it("refuses ask in 本地模式, and without points leaves no conversation behind", async () => {
    const u = await registerUser(ctx);
    const client = await mcpClient(local.url(), u.token);
    expect(await callRefused(client, "ask", { question: "最近在想什么？" })).toContain("本地模式");
    await spend(ctx.db, u.id, 99, "chat_reply");
    const paid = await mcpClient(withAi.url(), u.token);
    expect(await callRefused(paid, "ask", { question: "最近在想什么？" })).toContain("Not enough AI points");
    expect((await request(ctx, "listConversations", { token: u.token })).body.data.items).toEqual([]);
    await Promise.all([client.close(), paid.close()]);
  });

  it("lets a read token read and refuses it every write tool; refuses capture and revoked tokens", async () => {
    const u = await registerUser(ctx);
    const id = await addIdea(ctx, u, { content: "只读令牌能看到的想法" });
    const token = async (scope: TokenScope) =>
      (await request(ctx, "createAccessToken", { token: u.token, body: { name: scope, scope } })).body.data;
    const read = await mcpClient(withAi.url(), (await token("read")).token);
    const [item] = (await callOk(read, "get_items", { ids: [id] })).items;
    const writes = {
      create_idea: { content: "不该记下" },
      update_item: { id, base_updated_at: item.updated_at, content: "不该改" },
      rename_tag: { from: "甲", to: "乙" },
      ask: { question: "最近在想什么？" },
    };
    for (const [name, args] of Object.entries(writes)) {
      expect(await callRefused(read, name, args)).toMatch(/^权限不足.* \/ Forbidden/);
    }
    expect((await callOk(read, "list_recent")).items).toMatchObject([
      { id, excerpt: "只读令牌能看到的想法" },
    ]);
    const write = await mcpClient(withAi.url(), (await token("write")).token);
    expect((await callOk(write, "create_idea", { content: "读写令牌记下的" })).item.type).toBe("idea");
    await Promise.all([read.close(), write.close()]);

    await expect(mcpClient(withAi.url(), (await token("capture")).token)).rejects.toMatchObject({
      code: 403,
    });
    const revoked = await token("read");
    const client = await mcpClient(withAi.url(), revoked.token);
    await request(ctx, "revokeAccessToken", { token: u.token, params: { id: revoked.id } });
    await expect(client.callTool({ name: "tag_tree", arguments: {} })).rejects.toMatchObject({ code: 401 });
    await expect(mcpClient(withAi.url(), "x".repeat(40))).rejects.toMatchObject({ code: 401 });
    const get = await fetch(withAi.url(), { headers: { authorization: `Bearer ${u.token}` } });
    expect(get.status).toBe(405);
  });

  it("answers 503 once a request outlasts mcp.requestMs, the provider's call cut with it", async () => {
    const config = patched(ai.ctx.config, { mcp: { requestMs: 2_000 } });
    const app = createApp({ config, db: ctx.db, logger: createLogger("silent") });
    const server = await listen(app.fetch, 0, "127.0.0.1", config.http);
    try {
      const u = await registerUser(ctx);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
      const client = await mcpClient(url, u.token);
      // long enough for the question to reach the provider on a busy machine, which then hangs
      const asked = ai.fake.received.length;
      ai.fake.script({ kind: "stream", chunks: ["慢", "慢"], delayMs: 5_000 });
      const started = performance.now();
      await expect(client.callTool({ name: "ask", arguments: { question: "慢慢想" } })).rejects.toMatchObject(
        {
          code: 503,
        },
      );
      expect(performance.now() - started).toBeLessThan(4_000);
      await vi.waitFor(() => expect(ai.fake.received[asked]?.aborted).toBe(true), { timeout: 3_000 });
      await client.close();
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  // --strict: a tool schema some clients could not use fails the run (exit 6)
  it("answers the MCP Inspector's CLI (tools/list)", async () => {
    const u = await registerUser(ctx);
    const home = await mkdtemp(path.join(tmpdir(), "inspector-"));
    const bin = path.resolve(import.meta.dirname, "../../../node_modules/.bin/mcp-inspector");
    const args = ["--cli", withAi.url(), "--transport", "http", "--method", "tools/list", "--strict"];
    // this Node, not whichever `node` the PATH finds first (the machine's may be too old)
    const env = {
      ...process.env,
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
      HOME: home,
      MCP_CATALOG_PATH: path.join(home, "mcp.json"),
    };
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [bin, ...args, "--header", `Authorization: Bearer ${u.token}`],
        { env, timeout: 60_000 },
      );
      const listed = JSON.parse(stdout) as { tools: { name: string }[] };
      expect(listed.tools.map((t) => t.name)).toEqual(TOOLS);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  }, 90_000);
});
