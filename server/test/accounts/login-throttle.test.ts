import { DELETE_ACCOUNT_PHRASE } from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { createLogger } from "../../src/logger.ts";
import {
  forEachDatabase,
  PASSWORD,
  randomIp,
  registerUser,
  request,
  type TestCtx,
  uniqueAccount,
} from "../helpers.ts";

forEachDatabase((ctx) => {
  const login = (account: string, password: string, ip: string, on: TestCtx = ctx) =>
    request(on, "login", { ip, body: { account, password } });
  const failFromFreshAddresses = async (account: string, times: number) => {
    for (let i = 0; i < times; i++) expect((await login(account, "wrong-pass", randomIp())).status).toBe(401);
  };
  /** Pretends `seconds` passed for every attempt recorded against `account`. */
  const age = (account: string, seconds: number) =>
    ctx.db.query(
      "UPDATE login_failures SET failed_at = failed_at - make_interval(secs => $2) WHERE key LIKE '%' || $1",
      [account, seconds],
    );

  describe("a stranger's failures never lock the owner out", () => {
    it("a stranger fails 5+ times from address A; the owner signs in from address B", async () => {
      const owner = await registerUser(ctx);
      const strangerIp = randomIp();
      for (let i = 0; i < 5; i++)
        expect((await login(owner.account, "wrong-pass", strangerIp)).status).toBe(401);
      // A itself now waits, whatever it sends, and is told for how long
      for (const password of ["wrong-pass", PASSWORD]) {
        const refused = await login(owner.account, password, strangerIp);
        expect(refused.status).toBe(429);
        expect(refused.body.code).toBe("RATE_LIMITED");
        expect(refused.body.message).toMatch(/^登录失败次数过多，请 1[45] 分钟后再试$/);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(800);
      }
      const fromB = await login(owner.account, PASSWORD, randomIp());
      expect(fromB.status).toBe(200);
      // and A gets its turn again once its failures leave the 15-minute window
      await age(owner.account, 16 * 60);
      expect((await login(owner.account, PASSWORD, strangerIp)).status).toBe(200);
    });

    it("the owner from a client that has not failed gets in even after the account's failures have grown large", async () => {
      const owner = await registerUser(ctx);
      await failFromFreshAddresses(owner.account, 25);
      expect((await login(owner.account, PASSWORD, randomIp())).status).toBe(200);
    });

    it("refuses one client after 20 failures across accounts, and no other client", async () => {
      const ip = randomIp();
      for (let i = 0; i < 20; i++) expect((await login(uniqueAccount(), "wrong-pass", ip)).status).toBe(401);
      const user = await registerUser(ctx);
      expect((await login(user.account, PASSWORD, ip)).status).toBe(429);
      expect((await login(user.account, PASSWORD, randomIp())).status).toBe(200);
    });
  });

  describe("growing delays, the same for accounts that do not exist", () => {
    /**
     * One address fails, then fresh addresses fail until the account holds 14 failures, then 16,
     * then 17: what the repeating address and a fresh one are told each time.
     */
    const script = async (account: string) => {
      const repeat = randomIp();
      const seen: { status: number; retryAfter: number | null; message?: string }[] = [];
      const note = async (ip: string) => {
        const r = await login(account, "wrong-pass", ip);
        const retryAfter = r.headers.get("retry-after");
        seen.push({
          status: r.status,
          retryAfter: retryAfter === null ? null : Number(retryAfter),
          message: r.body.message,
        });
      };
      await note(repeat);
      await failFromFreshAddresses(account, 13);
      await note(repeat); // 14 failures: waits 2^4 = 16 s after its last one
      await note(randomIp()); // a fresh client is not held back (15th failure)
      await note(randomIp()); // 16th
      await note(repeat); // 16: 2^6 = 64 s
      await age(account, 65);
      await note(repeat); // its wait is over: it may guess again (17th failure)
      await note(repeat); // 17: 128 s from that guess
      return seen;
    };

    it("holds back a client that keeps failing on one account, 16 s, then 64 s, then 128 s", async () => {
      const user = await registerUser(ctx);
      const seen = await script(user.account);
      expect(seen.map((s) => s.status)).toEqual([401, 429, 401, 401, 429, 401, 429]);
      const waits = seen.filter((s) => s.status === 429).map((s) => s.retryAfter!);
      expect(waits[0]).toBeGreaterThanOrEqual(14);
      expect(waits[0]).toBeLessThanOrEqual(16);
      expect(waits[1]).toBeGreaterThanOrEqual(62);
      expect(waits[1]).toBeLessThanOrEqual(64);
      expect(waits[2]).toBeGreaterThanOrEqual(126);
      expect(waits[2]).toBeLessThanOrEqual(128);
      expect(seen[1]!.message).toMatch(/^登录失败次数过多，请 1[456] 秒后再试$/);
      expect(seen[4]!.message).toBe("登录失败次数过多，请 2 分钟后再试");
      // the owner, from a client that has not failed, is not held back
      expect((await login(user.account, PASSWORD, randomIp())).status).toBe(200);
    });

    it("tells an account that does not exist exactly the same, so the answers reveal nothing", async () => {
      const existing = await script((await registerUser(ctx)).account);
      const missing = await script(uniqueAccount());
      const shape = (s: { status: number; retryAfter: number | null }) => ({
        status: s.status,
        // the same wait, give or take the second the script takes to run
        wait: s.retryAfter === null ? null : Math.round(s.retryAfter / 4),
      });
      expect(missing.map(shape)).toEqual(existing.map(shape));
    });
  });

  describe("concurrent guesses", () => {
    it("gives at most 5 of 20 concurrent wrong-password logins from one client a guess; the rest answer 429", async () => {
      const user = await registerUser(ctx);
      const ip = randomIp();
      const results = await Promise.all(
        Array.from({ length: 20 }, () => login(user.account, "wrong-pass", ip)),
      );
      const statuses = results.map((r) => r.status);
      expect(
        statuses.every((s) => s === 401 || s === 429),
        String(statuses),
      ).toBe(true);
      const guesses = statuses.filter((s) => s === 401).length;
      expect(guesses).toBeLessThanOrEqual(5);
      // refused attempts are not stored as failures (they tested nothing)
      const { rows } = await ctx.db.query("SELECT count(*)::int AS n FROM login_failures WHERE key = $1", [
        `account:${user.account}`,
      ]);
      expect(rows[0].n).toBe(guesses);
    });
  });

  describe("a signed-in owner's password change and account deletion", () => {
    it("are not blocked by failed logins elsewhere, not even from the stranger's own address", async () => {
      const owner = await registerUser(ctx);
      const strangerIp = randomIp();
      for (let i = 0; i < 6; i++) await login(owner.account, "wrong-pass", strangerIp);
      await failFromFreshAddresses(owner.account, 20);
      const change = await request(ctx, "changePassword", {
        token: owner.token,
        ip: strangerIp,
        body: { currentPassword: PASSWORD, newPassword: "brand-new-pass" },
      });
      expect(change.status).toBe(200);
      const del = await request(ctx, "deleteAccount", {
        token: owner.token,
        ip: strangerIp,
        body: { password: "brand-new-pass", confirm: DELETE_ACCOUNT_PHRASE },
      });
      expect(del.status).toBe(200);
    });

    it("count wrong current passwords per session: the 6th waits, while signing in elsewhere still works", async () => {
      const user = await registerUser(ctx);
      for (let i = 0; i < 3; i++) {
        const r = await request(ctx, "changePassword", {
          token: user.token,
          body: { currentPassword: "not-it-at-all", newPassword: "brand-new-pass" },
        });
        expect(r.status).toBe(400);
      }
      for (let i = 0; i < 2; i++) {
        const r = await request(ctx, "deleteAccount", {
          token: user.token,
          body: { password: "wrong-pass", confirm: DELETE_ACCOUNT_PHRASE },
        });
        expect(r.status).toBe(400);
      }
      const change = await request(ctx, "changePassword", {
        token: user.token,
        body: { currentPassword: PASSWORD, newPassword: "brand-new-pass" },
      });
      expect(change.status).toBe(429);
      expect(change.body.message).toMatch(/^密码错误次数过多，请 1[45] 分钟后再试$/);
      const other = await login(user.account, PASSWORD, randomIp());
      expect(other.status).toBe(200);
      const fromOther = await request(ctx, "changePassword", {
        token: other.body.data.token,
        body: { currentPassword: PASSWORD, newPassword: "brand-new-pass" },
      });
      expect(fromOther.status).toBe(200);
    });

    it("a right current password clears that session's failures", async () => {
      const user = await registerUser(ctx);
      for (let i = 0; i < 4; i++)
        await request(ctx, "changePassword", {
          token: user.token,
          body: { currentPassword: "not-it-at-all", newPassword: "brand-new-pass" },
        });
      const change = await request(ctx, "changePassword", {
        token: user.token,
        body: { currentPassword: PASSWORD, newPassword: "brand-new-pass" },
      });
      expect(change.status).toBe(200);
      for (let i = 0; i < 5; i++) {
        const r = await request(ctx, "changePassword", {
          token: user.token,
          body: { currentPassword: "not-it-at-all", newPassword: "another-pass-42" },
        });
        expect(r.status).toBe(400);
      }
    });
  });

  describe("the log", () => {
    it("records successful, failed and refused logins with the address, never the password or the account", async () => {
      const lines: string[] = [];
      const logger = createLogger("info", {}, (line) => lines.push(line));
      const logged = { ...ctx, app: createApp({ config: ctx.config, db: ctx.db, logger }) };
      const user = await registerUser(ctx);
      const ip = randomIp();
      for (let i = 0; i < 6; i++) await login(user.account, "wrong-pass", ip, logged);
      const okIp = randomIp();
      expect((await login(user.account, PASSWORD, okIp, logged)).status).toBe(200);

      const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const failed = entries.filter((e) => e.msg === "login failed");
      expect(failed).toHaveLength(5);
      expect(failed[0]).toMatchObject({ ip, accountRef: expect.stringMatching(/^[0-9a-f]{16}$/) });
      expect(entries.filter((e) => e.msg === "login refused: too many failures")).toEqual([
        expect.objectContaining({ level: "warn", ip, retryAfter: expect.stringMatching(/^\d+$/) }),
      ]);
      expect(entries.filter((e) => e.msg === "login succeeded")).toEqual([
        expect.objectContaining({ ip: okIp, userId: user.id }),
      ]);
      const all = lines.join("\n");
      for (const secret of ["wrong-pass", PASSWORD, user.account]) expect(all).not.toContain(secret);
    });
  });
});
