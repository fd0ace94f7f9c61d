import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { DELETE_ACCOUNT_PHRASE } from "@shinian/contract";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.ts";
import { refund, refundOverdueSpends, spend } from "../../src/points/points.ts";
import { startServer } from "../../src/server.ts";
import { type Scripted, tokens } from "../fake-provider.ts";
import { forEachDatabase, PASSWORD, registerUser, request, type TestCtx } from "../helpers.ts";
import {
  addIdea,
  askAll,
  balanceOf,
  chooseAutoTidy,
  eventually,
  newConversation,
  serverConfig,
  withProvider,
} from "./helpers.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const tidied: Scripted = {
  kind: "stream",
  chunks: tokens(JSON.stringify({ title: "标题", content: "正文。", tags: [] }), 7),
};
/** A provider that takes its time: the call is still running when the test acts. */
const hanging: Scripted = { kind: "stream", chunks: ["晚"], delayMs: 20_000 };
const cjkCount = (text: string) => text.match(/[\u3000-\u9fff]/g)?.length ?? 0;

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
});

/** `node server/src/index.ts` on the test database, its pid the server's own; resolves once it listens. */
function startChild(ctx: TestCtx, providerUrl: string): Promise<{ proc: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["server/src/index.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: ctx.url,
        PORT: "0",
        HOST: "127.0.0.1",
        AI_BASE_URL: providerUrl,
        AI_API_KEY: "sk-test-key",
        LOG_LEVEL: "info",
        PASSWORD_HASH_COST: "10",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.add(proc);
    const lines: string[] = [];
    proc.stdout!.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) {
        lines.push(line);
        const entry = JSON.parse(line);
        if (entry.msg === "listening") resolve({ proc, base: `http://127.0.0.1:${entry.port}` });
      }
    });
    proc.stderr!.on("data", (c: Buffer) => lines.push(c.toString()));
    proc.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${lines.join("\n")}`)));
  });
}

forEachDatabase((ctx) => {
  const ai = withProvider(
    ctx,
    () => tidied,
    {},
    { ai: { maxTokens: { chat: 321, tidy: 432, compose: 543 } }, aiContextTokens: 400 },
  );
  const ledgerNotes = async (token: string) =>
    (await request(ctx, "listLedger", { token })).body.data.items.map((l) => l.note);

  it("sends max_tokens with every provider call, configured per kind of call", async () => {
    const u = await registerUser(ctx);
    const idea = await addIdea(ctx, u, "一个想法");
    const from = ai.fake.received.length;
    await askAll(ai.ctx, u, await newConversation(ctx, u), "想法");
    expect((await request(ai.ctx, "tidyIdea", { params: { id: idea }, token: u.token })).status).toBe(200);
    expect((await request(ai.ctx, "composeNote", { token: u.token, body: { ideaIds: [idea] } })).status).toBe(
      201,
    );
    expect(ai.fake.received.slice(from).map((r) => r.body.max_tokens)).toEqual([321, 432, 543]);
  });

  it("cuts 整理成笔记's ideas to AI_CONTEXT_TOKENS, fairly: a short idea stays whole", async () => {
    const u = await registerUser(ctx);
    const long = ["甲", "乙", "丙"].map((mark) => `${mark}开头。${mark.repeat(2000)}`);
    const ids = [];
    for (const text of long) ids.push(await addIdea(ctx, u, text));
    ids.push(await addIdea(ctx, u, "短想法原文完整"));
    const res = await request(ai.ctx, "composeNote", { token: u.token, body: { ideaIds: ids } });
    expect(res.status).toBe(201);
    const sent = ai.fake.received.at(-1)!.body.messages.at(-1)!.content;
    expect(cjkCount(sent)).toBeLessThanOrEqual(400);
    expect(cjkCount(sent)).toBeGreaterThan(300); // the budget is used, not wasted
    expect(sent).toContain("短想法原文完整");
    for (const mark of ["甲", "乙", "丙"]) expect(sent).toContain(`${mark}开头。${mark.repeat(50)}`);
  });

  it("refunds chat and compose spends once after their process is killed mid-call", async () => {
    const u = await registerUser(ctx);
    const idea = await addIdea(ctx, u, "崩溃前的想法");
    const chat = await newConversation(ctx, u);
    const child = await startChild(ctx, ai.fake.url);
    const from = ai.fake.received.length;
    ai.fake.script(hanging, hanging);
    const headers = { authorization: `Bearer ${u.token}`, "content-type": "application/json" };
    const asked = fetch(`${child.base}/api/chat/conversations/${chat}/messages`, {
      method: "POST",
      headers,
      body: JSON.stringify({ content: "想法" }),
    }).catch(() => null);
    const composing = fetch(`${child.base}/api/notes/compose`, {
      method: "POST",
      headers,
      body: JSON.stringify({ ideaIds: [idea] }),
    }).catch(() => null);
    await eventually(
      async () => ai.fake.received.length - from,
      (n) => n === 2,
    );
    expect(await balanceOf(ctx, u)).toBe(93);
    child.proc.kill("SIGKILL");
    await Promise.all([asked, composing]);

    // both spends were recorded as open before the provider was asked; let their time pass
    const open = await ctx.db.query(
      "UPDATE open_spends SET open_until = now() - interval '1 second' WHERE user_id = $1",
      [u.id],
    );
    expect(open.rowCount).toBe(2);
    await Promise.all([refundOverdueSpends(ctx.db), refundOverdueSpends(ctx.db)]); // two processes sweep
    await refundOverdueSpends(ctx.db);
    expect(await balanceOf(ctx, u)).toBe(100);
    const notes = await ledgerNotes(u.token);
    expect(notes.filter((n) => n?.endsWith("（回答中断）"))).toHaveLength(1);
    expect(notes.filter((n) => n?.endsWith("（整理成笔记中断）"))).toHaveLength(1);
  });

  it("keeps a finished reply's and note's spend: nothing is left open to refund", async () => {
    const u = await registerUser(ctx);
    const idea = await addIdea(ctx, u, "完成的想法");
    await askAll(ai.ctx, u, await newConversation(ctx, u), "想法");
    await request(ai.ctx, "composeNote", { token: u.token, body: { ideaIds: [idea] } });
    await request(ai.ctx, "tidyIdea", { params: { id: idea }, token: u.token });
    const { rowCount } = await ctx.db.query("SELECT 1 FROM open_spends WHERE user_id = $1", [u.id]);
    expect(rowCount).toBe(0);
    expect(await balanceOf(ctx, u)).toBe(100 - 2 - 5 - 1);
  });

  it("shutdown aborts AI calls still running and waits for their refunds before closing the pool", async () => {
    const u = await registerUser(ctx);
    await chooseAutoTidy(ctx, u);
    const running = await startServer(
      serverConfig(ctx, ai.fake.url, { AI_TIDY_GRACE: "0" }, { ai: { timeoutMs: 60_000 } }),
      createLogger("silent"),
    );
    const from = ai.fake.received.length;
    ai.fake.script(hanging);
    const res = await fetch(`http://127.0.0.1:${running.port}/api/ideas`, {
      method: "POST",
      headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "关机前记下的想法" }),
    });
    const { data: idea } = await res.json();
    await eventually(
      async () => ai.fake.received.length - from,
      (n) => n === 1,
    );
    expect(await balanceOf(ctx, u)).toBe(99);
    const started = Date.now();
    await running.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await balanceOf(ctx, u)).toBe(100);
    const after = (await request(ctx, "getIdea", { params: { id: idea.id }, token: u.token })).body.data;
    expect(after.aiStatus).toBe("failed");
  });

  describe("a refund for an account deleted while its AI call ran", () => {
    it("is a no-op, not a TypeError", async () => {
      const u = await registerUser(ctx);
      const spent = await spend(ctx.db, u.id, 2, "chat_reply", { openForMs: 60_000 });
      const deleted = await request(ctx, "deleteAccount", {
        token: u.token,
        body: { password: PASSWORD, confirm: DELETE_ACCOUNT_PHRASE },
      });
      expect(deleted.status).toBe(200);
      await expect(refund(ctx.db, u.id, { ...spent, cost: 2 })).resolves.toBe(0);
      const { rowCount } = await ctx.db.query("SELECT 1 FROM points_ledger WHERE user_id = $1", [u.id]);
      expect(rowCount).toBe(0);
    });
  });
});
