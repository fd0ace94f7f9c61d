import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/errors.ts";
import { refund, spend } from "../../src/points/points.ts";
import { call, forEachDatabase, registerUser, request } from "../helpers.ts";

const run = promisify(execFile);
const grantCli = (args: string[], env: Record<string, string>) =>
  run(process.execPath, ["server/src/cli/points-grant.ts", ...args], {
    env: { ...process.env, LOG_LEVEL: "error", ...env },
  });

forEachDatabase((ctx) => {
  describe("points", () => {
    it("shows the balance with the cost table, and the ledger newest first with a cursor", async () => {
      const u = await registerUser(ctx);
      const res = await request(ctx, "getPoints", { token: u.token });
      // no AI provider in this suite: 本地模式 costs nothing (ai.test.ts checks the provider's costs)
      expect(res.body.data).toEqual({
        balance: 100,
        costs: { chatReply: 0, tidyIdea: 0, composeNote: 0, transcribe: 0 },
      });
      await spend(ctx.db, u.id, 2, "chat_reply");
      await spend(ctx.db, u.id, 1, "tidy_idea");
      const p1 = await call(ctx, "GET", "/api/points/ledger?limit=2", { token: u.token });
      expect(p1.body.data.items.map((i: { delta: number }) => i.delta)).toEqual([-1, -2]);
      expect(p1.body.data.items[0]).toMatchObject({ balanceAfter: 97, reason: "tidy_idea" });
      const p2 = await call(ctx, "GET", `/api/points/ledger?limit=2&cursor=${p1.body.data.nextCursor}`, {
        token: u.token,
      });
      expect(p2.body.data.items).toMatchObject([{ delta: 100, balanceAfter: 100, reason: "register_bonus" }]);
      expect(p2.body.data.nextCursor).toBeNull();
      expect((await call(ctx, "GET", "/api/points/ledger?limit=500", { token: u.token })).status).toBe(400);
      expect((await request(ctx, "getPoints")).status).toBe(401);
      expect((await request(ctx, "listLedger")).status).toBe(401);
    });

    it("refuses a spend above the balance with 402 AI点数不足 and the balance; refund writes a ledger line", async () => {
      const u = await registerUser(ctx);
      const err = await spend(ctx.db, u.id, 101, "compose_note").catch((e) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err.status).toBe(402);
      expect(err.message).toContain("AI点数不足");
      expect(err.extra.data).toEqual({ balance: 100, cost: 101 });
      const s = await spend(ctx.db, u.id, 5, "compose_note");
      expect(s.balance).toBe(95);
      expect(await refund(ctx.db, u.id, { ...s, cost: 5 })).toBe(100);
      const { rows } = await ctx.db.query(
        "SELECT reason, note FROM points_ledger WHERE user_id = $1 ORDER BY id DESC LIMIT 1",
        [u.id],
      );
      expect(rows[0]).toEqual({ reason: "refund", note: `退还 #${s.ledgerId}（AI 服务失败）` });
      // the same spend refunded again — sequentially or racing — gives nothing more back
      const again = await Promise.all([1, 2, 3].map(() => refund(ctx.db, u.id, { ...s, cost: 5 })));
      expect(again).toEqual([100, 100, 100]);
      await expect(
        ctx.db.query("UPDATE points_ledger SET delta = 0 WHERE user_id = $1", [u.id]),
      ).rejects.toThrow(/append-only/);
    });

    it("grants points to an account from the operator command", async () => {
      const u = await registerUser(ctx);
      const out = await grantCli([u.account.toUpperCase(), "50", "活动奖励"], { DATABASE_URL: ctx.url });
      expect(out.stdout).toContain("当前余额 150 点");
      const ledger = await request(ctx, "listLedger", { token: u.token });
      expect(ledger.body.data.items[0]).toMatchObject({
        delta: 50,
        balanceAfter: 150,
        reason: "grant",
        note: "活动奖励",
      });
      const missing = await grantCli(["nobody@example.cn", "5"], { DATABASE_URL: ctx.url }).catch((e) => e);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("账号不存在");
    });
  });
});

describe("points:grant command", () => {
  it("refuses bad arguments with usage text", async () => {
    const err = await grantCli(["nobody", "-5"], { DATABASE_URL: "postgres://127.0.0.1:1/x" }).catch(
      (e) => e,
    );
    expect(err.code).toBe(2);
    expect(err.stderr).toContain("用法");
  });
});
