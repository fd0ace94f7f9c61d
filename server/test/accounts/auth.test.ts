// Over 300 lines on purpose: one file for accounts and sessions: registration, login,
// sessions, password change and deletion share their helpers; throttling lives in auth-throttle.
import { randomBytes, scryptSync } from "node:crypto";
import { DELETE_ACCOUNT_PHRASE } from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { createLogger } from "../../src/logger.ts";
import {
  call,
  forEachDatabase,
  PASSWORD,
  randomIp,
  registerUser,
  request,
  testConfig,
  uniqueAccount,
} from "../helpers.ts";

forEachDatabase((ctx) => {
  const countUsers = async (account: string) =>
    (await ctx.db.query("SELECT count(*)::int AS n FROM users WHERE account = $1", [account])).rows[0]
      .n as number;

  describe("register", () => {
    it("creates the user, a session token and a 100-point ledger grant", async () => {
      const account = uniqueAccount();
      const res = await request(ctx, "register", {
        body: { account: `  ${account.toUpperCase()} `, password: PASSWORD, agreeTerms: true },
      });
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.data.user).toMatchObject({
        account,
        needsGuide: true,
        avatar: null,
        // 自动整理 is off until the person chooses it
        settings: { autoTidy: false, autoTidyChosen: false },
      });
      expect(res.body.data.user.nickname).toBe(account.split("@")[0]);
      const ledger = await ctx.db.query(
        "SELECT delta, balance_after, reason FROM points_ledger WHERE user_id = $1",
        [res.body.data.user.id],
      );
      expect(ledger.rows).toEqual([{ delta: 100, balance_after: 100, reason: "register_bonus" }]);
      // only a hash of the token is stored
      const stored = await ctx.db.query("SELECT token_hash FROM sessions WHERE user_id = $1", [
        res.body.data.user.id,
      ]);
      expect(stored.rows[0].token_hash.toString("base64url")).not.toBe(res.body.data.token);
      expect(stored.rows[0].token_hash).toHaveLength(32);
    });

    it("accepts an 11-digit mainland mobile number with a derived nickname", async () => {
      const mobile = `1${String(Math.floor(Math.random() * 1e10)).padStart(10, "0")}`;
      const res = await request(ctx, "register", {
        body: { account: mobile, password: PASSWORD, agreeTerms: true },
      });
      expect(res.status).toBe(201);
      expect(res.body.data.user.nickname).toBe(`用户${mobile.slice(-4)}`);
    });

    const bad: [string, Record<string, unknown>][] = [
      ["a bad account", { account: "not-an-account", password: PASSWORD, agreeTerms: true }],
      ["a 10-digit mobile", { account: "1380013800", password: PASSWORD, agreeTerms: true }],
      ["a mobile not starting with 1", { account: "23800138000", password: PASSWORD, agreeTerms: true }],
      ["a 7-character password", { password: "1234567", agreeTerms: true }],
      ["a 73-character password", { password: "x".repeat(73), agreeTerms: true }],
      ["terms not agreed", { password: PASSWORD, agreeTerms: false }],
      ["terms missing", { password: PASSWORD }],
      ["an unknown field", { password: PASSWORD, agreeTerms: true, role: "admin" }],
    ];
    for (const [what, body] of bad) {
      it(`refuses ${what} with 400 and creates nothing`, async () => {
        const account = uniqueAccount();
        const res = await call(ctx, "POST", "/api/auth/register", { body: { account, ...body } });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
        expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
        expect(await countUsers((body.account as string) ?? account)).toBe(0);
      });
    }

    it("refuses a malformed JSON body and a non-JSON body", async () => {
      const r1 = await call(ctx, "POST", "/api/auth/register", {
        raw: "{oops",
        headers: { "content-type": "application/json" },
      });
      expect(r1.status).toBe(400);
      const r2 = await call(ctx, "POST", "/api/auth/register", {
        raw: "account=a",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(r2.status).toBe(415);
    });

    it("limits registrations per client IP (each account brings AI points), counting refused ones too", async () => {
      const limited = {
        ...ctx,
        app: createApp({
          config: testConfig({ REGISTER_PER_IP_PER_HOUR: "2" }),
          db: ctx.db,
          logger: createLogger("silent"),
        }),
      };
      const ip = randomIp();
      const register = (account: string) =>
        call(limited, "POST", "/api/auth/register", {
          ip,
          body: { account, password: PASSWORD, agreeTerms: true },
        });
      const first = uniqueAccount();
      expect((await register(first)).status).toBe(201);
      expect((await register(first)).status).toBe(409);
      const third = await register(uniqueAccount());
      expect(third.status).toBe(429);
      expect(third.body.message).toMatch(/^注册过于频繁，请 \d+ 分钟后再试$/);
      expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
      // another address is not affected
      const other = await call(limited, "POST", "/api/auth/register", {
        ip: randomIp(),
        body: { account: uniqueAccount(), password: PASSWORD, agreeTerms: true },
      });
      expect(other.status).toBe(201);
    });

    it("answers 409 for a taken account without a second user", async () => {
      const user = await registerUser(ctx);
      const res = await request(ctx, "register", {
        body: { account: user.account, password: "another-password", agreeTerms: true },
      });
      expect(res.status).toBe(409);
      expect(await countUsers(user.account)).toBe(1);
    });
  });

  describe("login, me, logout", () => {
    it("logs in, reads me, logs out (the token stops working)", async () => {
      const user = await registerUser(ctx);
      const login = await request(ctx, "login", {
        body: { account: user.account, password: PASSWORD },
      });
      expect(login.status).toBe(200);
      const token = login.body.data.token as string;
      expect(token).not.toBe(user.token);
      const me = await request(ctx, "me", { token });
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ id: user.id, account: user.account });
      const out = await request(ctx, "logout", { token });
      expect(out.status).toBe(200);
      expect((await request(ctx, "me", { token })).status).toBe(401);
      // the other session is untouched
      expect((await request(ctx, "me", { token: user.token })).status).toBe(200);
    });

    it("gives the same answer for a wrong password and an unknown account", async () => {
      const user = await registerUser(ctx);
      const wrong = await request(ctx, "login", {
        body: { account: user.account, password: "wrong-pass" },
      });
      const unknown = await request(ctx, "login", {
        body: { account: uniqueAccount(), password: "wrong-pass" },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.message).toBe("账号或密码错误");
    });

    it("refuses invalid login input with 400", async () => {
      for (const body of [
        { account: "x" },
        { account: uniqueAccount(), password: "" },
        { account: uniqueAccount(), password: "x", extra: 1 },
      ]) {
        expect((await call(ctx, "POST", "/api/auth/login", { body })).status).toBe(400);
      }
    });

    it("answers 401 with the Chinese message for missing, malformed, unknown, expired and revoked tokens", async () => {
      const user = await registerUser(ctx);
      const missing = await request(ctx, "me");
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual({ success: false, message: "未登录或登录已过期", code: "UNAUTHORIZED" });
      expect((await request(ctx, "me", { headers: { authorization: "Basic abc" } })).status).toBe(401);
      expect((await request(ctx, "me", { token: "A".repeat(43) })).status).toBe(401);

      const second = await request(ctx, "login", {
        body: { account: user.account, password: PASSWORD },
      });
      await ctx.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
        user.id,
      ]);
      expect((await request(ctx, "me", { token: user.token })).status).toBe(401);
      expect((await request(ctx, "me", { token: second.body.data.token })).status).toBe(401);
    });

    it("slides the expiry forward on use", async () => {
      const user = await registerUser(ctx);
      await ctx.db.query(
        "UPDATE sessions SET expires_at = now() + interval '1 day', last_seen_at = now() - interval '2 days' WHERE user_id = $1",
        [user.id],
      );
      expect((await request(ctx, "me", { token: user.token })).status).toBe(200);
      const { rows } = await ctx.db.query(
        "SELECT expires_at > now() + interval '29 days' AS slid FROM sessions WHERE user_id = $1",
        [user.id],
      );
      expect(rows[0].slid).toBe(true);
    });
  });

  describe("password hashes", () => {
    it("stores scrypt with N=2^cost, r=8, p=3; a p=1 hash still verifies and is upgraded on login", async () => {
      const user = await registerUser(ctx);
      const stored = async () =>
        (await ctx.db.query("SELECT password_hash FROM users WHERE id = $1", [user.id])).rows[0]
          .password_hash as string;
      const cost = ctx.config.passwordHashCost;
      expect(await stored()).toMatch(new RegExp(`^scrypt\\$${cost}\\$8\\$3\\$[\\w-]{22}\\$[\\w-]{43}$`));

      // a hash from before the change, made here with node:crypto directly
      const salt = randomBytes(16);
      const key = scryptSync(PASSWORD, salt, 32, { N: 2 ** cost, r: 8, p: 1 });
      const old = `scrypt$${cost}$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`;
      await ctx.db.query("UPDATE users SET password_hash = $2 WHERE id = $1", [user.id, old]);
      const wrong = await request(ctx, "login", {
        body: { account: user.account, password: "wrong-pass" },
      });
      expect(wrong.status).toBe(401);
      expect(await stored()).toBe(old);
      const login = await request(ctx, "login", {
        body: { account: user.account, password: PASSWORD },
      });
      expect(login.status).toBe(200);
      expect(await stored()).toMatch(new RegExp(`^scrypt\\$${cost}\\$8\\$3\\$`));
      const again = await request(ctx, "login", {
        body: { account: user.account, password: PASSWORD },
      });
      expect(again.status).toBe(200);
    });
  });

  describe("sessions", () => {
    it("lists sessions with the current one marked and revokes another one", async () => {
      const user = await registerUser(ctx);
      const other = await request(ctx, "login", {
        body: { account: user.account, password: PASSWORD },
        headers: {
          "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Safari/604.1",
        },
      });
      const list = await request(ctx, "listSessions", { token: user.token });
      expect(list.status).toBe(200);
      expect(list.body.data.items).toHaveLength(2);
      const current = list.body.data.items.filter((s: { current: boolean }) => s.current);
      expect(current).toHaveLength(1);
      const phone = list.body.data.items.find((s: { current: boolean }) => !s.current)!;
      expect(phone.device).toBe("Safari · iOS");
      const del = await request(ctx, "deleteSession", { params: { id: phone.id }, token: user.token });
      expect(del.status).toBe(200);
      expect((await request(ctx, "me", { token: other.body.data.token })).status).toBe(401);
    });

    it("answers 404 for another user's session and leaves it alive", async () => {
      const a = await registerUser(ctx);
      const b = await registerUser(ctx);
      const bs = await request(ctx, "listSessions", { token: b.token });
      const res = await request(ctx, "deleteSession", {
        params: { id: bs.body.data.items[0]!.id },
        token: a.token,
      });
      expect(res.status).toBe(404);
      expect((await request(ctx, "me", { token: b.token })).status).toBe(200);
      expect((await call(ctx, "DELETE", "/api/auth/sessions/not-a-uuid", { token: a.token })).status).toBe(
        404,
      );
      expect((await request(ctx, "listSessions")).status).toBe(401);
    });
  });

  describe("change password", () => {
    it("needs the current password, then revokes every other session", async () => {
      const user = await registerUser(ctx);
      const other = await request(ctx, "login", {
        body: { account: user.account, password: PASSWORD },
      });
      const wrong = await request(ctx, "changePassword", {
        token: user.token,
        body: { currentPassword: "not-it-at-all", newPassword: "brand-new-pass" },
      });
      expect(wrong.status).toBe(400);
      const short = await request(ctx, "changePassword", {
        token: user.token,
        body: { currentPassword: PASSWORD, newPassword: "short" },
      });
      expect(short.status).toBe(400);
      expect((await request(ctx, "me", { token: other.body.data.token })).status).toBe(200);

      const ok = await request(ctx, "changePassword", {
        token: user.token,
        body: { currentPassword: PASSWORD, newPassword: "brand-new-pass" },
      });
      expect(ok.status).toBe(200);
      expect((await request(ctx, "me", { token: user.token })).status).toBe(200);
      expect((await request(ctx, "me", { token: other.body.data.token })).status).toBe(401);
      const oldLogin = await request(ctx, "login", {
        body: { account: user.account, password: PASSWORD },
      });
      expect(oldLogin.status).toBe(401);
      const newLogin = await request(ctx, "login", {
        body: { account: user.account, password: "brand-new-pass" },
      });
      expect(newLogin.status).toBe(200);
      expect((await call(ctx, "POST", "/api/auth/password", { body: {} })).status).toBe(401);
    });
  });

  describe("delete account", () => {
    it("needs the password and the phrase, then removes every row of the user", async () => {
      const user = await registerUser(ctx);
      const keep = await registerUser(ctx);
      await request(ctx, "createIdea", { token: user.token, body: { content: "要被删除的想法" } });
      const noPhrase = await call(ctx, "DELETE", "/api/account", {
        token: user.token,
        body: { password: PASSWORD, confirm: "删除" },
      });
      expect(noPhrase.status).toBe(400);
      const badPass = await request(ctx, "deleteAccount", {
        token: user.token,
        body: { password: "wrong-pass", confirm: DELETE_ACCOUNT_PHRASE },
      });
      expect(badPass.status).toBe(400);
      expect(await countUsers(user.account)).toBe(1);

      const ok = await request(ctx, "deleteAccount", {
        token: user.token,
        body: { password: PASSWORD, confirm: DELETE_ACCOUNT_PHRASE },
      });
      expect(ok.status).toBe(200);
      expect(await countUsers(user.account)).toBe(0);
      const { rows } = await ctx.db.query(
        `SELECT table_name FROM information_schema.columns WHERE column_name = 'user_id' AND table_schema = 'public'`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(8);
      for (const { table_name } of rows) {
        const left = await ctx.db.query(`SELECT count(*)::int AS n FROM ${table_name} WHERE user_id = $1`, [
          user.id,
        ]);
        expect(left.rows[0].n, table_name).toBe(0);
      }
      expect((await request(ctx, "me", { token: user.token })).status).toBe(401);
      expect((await request(ctx, "me", { token: keep.token })).status).toBe(200);
    });
  });
});
