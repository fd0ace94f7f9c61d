import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { call, forEachDatabase, PASSWORD, registerUser, request, uniqueAccount } from "../helpers.ts";

const run = promisify(execFile);
/** An operator command as `npm run` starts it (from source here), on the suite's database. */
const command = (ctx: { url: string }, file: string, args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, [`server/src/cli/${file}.ts`, ...args], {
    env: { ...process.env, LOG_LEVEL: "error", DATABASE_URL: ctx.url, PASSWORD_HASH_COST: "10", ...env },
  });

const registration = (inviteCode?: string, account = uniqueAccount()) => ({
  body: { account, password: PASSWORD, agreeTerms: true as const, ...(inviteCode ? { inviteCode } : {}) },
});

forEachDatabase(
  (ctx) => {
    describe("REGISTRATION=invite", () => {
      const invite = async (args: string[] = []) => (await command(ctx, "invite-create", args)).stdout.trim();

      it("says so to the login page, and refuses a registration without a valid code", async () => {
        expect((await request(ctx, "authOptions")).body.data).toEqual({
          registration: "invite",
          adminContact: null,
        });
        const none = await request(ctx, "register", registration());
        expect(none.status).toBe(400);
        expect(none.body.issues).toEqual([{ path: "inviteCode", message: "本站仅限受邀注册，请输入邀请码" }]);
        const wrong = await request(ctx, "register", registration("AAAA-BBBB-CCCC-DDDD"));
        expect(wrong.body.issues?.[0]?.message).toBe("邀请码无效、已用完或已过期");
      });

      it("a code of 2 uses registers 2 of 6 racing accounts; a taken account spends none of it, and is not told apart without a code", async () => {
        const code = await invite(["--uses", "2", "--note", "班级"]);
        expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
        const taken = await request(ctx, "register", registration(await invite()));
        expect(taken.status).toBe(201);
        // without a usable code nothing tells that the account exists
        const guess = await request(
          ctx,
          "register",
          registration("AAAA-BBBB-CCCC-DDDD", taken.body.data.user.account),
        );
        expect(guess.status).toBe(400);
        // typed lower-case with spaces: the same code
        const typed = code.toLowerCase().replaceAll("-", " ");
        expect(
          (await request(ctx, "register", registration(typed, taken.body.data.user.account))).status,
        ).toBe(409);
        const tries = await Promise.all(
          Array.from({ length: 6 }, () => request(ctx, "register", registration(code))),
        );
        expect(tries.map((t) => t.status).sort()).toEqual([201, 201, 400, 400, 400, 400]);
        const { rows } = await ctx.db.query(
          "SELECT uses, max_uses, note FROM invite_codes WHERE note = '班级'",
        );
        expect(rows).toEqual([{ uses: 2, max_uses: 2, note: "班级" }]);
      });

      it("an expired code registers nobody; a bad option changes nothing", async () => {
        const code = await invite(["--expires", "1h"]);
        await ctx.db.query(
          "UPDATE invite_codes SET expires_at = now() - interval '1 second' WHERE expires_at IS NOT NULL",
        );
        expect((await request(ctx, "register", registration(code))).status).toBe(400);
        const bad = await command(ctx, "invite-create", ["--uses", "0"]).catch((e) => e);
        expect(bad.code).toBe(2);
        expect(bad.stderr).toContain("用法");
      });
    });
  },
  { REGISTRATION: "invite" },
);

forEachDatabase(
  (ctx) => {
    it("REGISTRATION=closed: the login page is told, and a registration is refused with 403", async () => {
      expect((await request(ctx, "authOptions")).body.data).toEqual({
        registration: "closed",
        adminContact: "微信 shinian-admin",
      });
      const account = uniqueAccount();
      const res = await request(ctx, "register", registration(undefined, account));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("本站暂未开放注册，请联系本站管理员");
      expect((await ctx.db.query("SELECT 1 FROM users WHERE account = $1", [account])).rowCount).toBe(0);
    });
  },
  { REGISTRATION: "closed", ADMIN_CONTACT: "微信 shinian-admin" },
);

forEachDatabase((ctx) => {
  describe("password reset by the operator's link", () => {
    const resetLink = async (account: string) => {
      const { stdout, stderr } = await command(ctx, "account-reset-password", [account], {
        PUBLIC_URL: "https://shinian.example.cn/",
      });
      expect(stderr).toContain("一次性重置链接");
      const url = new URL(stdout.trim());
      expect(url.origin + url.pathname).toBe("https://shinian.example.cn/reset-password");
      expect(url.search).toBe("");
      return new URLSearchParams(url.hash.slice(1)).get("token")!;
    };

    it("sets a new password once, and ends every session and access token of the account", async () => {
      const user = await registerUser(ctx);
      const other = await request(ctx, "login", { body: { account: user.account, password: PASSWORD } });
      await request(ctx, "createCaptureToken", { token: user.token, body: { name: "手机" } });
      const token = await resetLink(user.account);
      // a weak password is refused and leaves the link usable
      const weak = await request(ctx, "resetPassword", { body: { token, newPassword: "12345678" } });
      expect(weak.status).toBe(400);
      const ok = await request(ctx, "resetPassword", { body: { token, newPassword: "brand-new-pass-7" } });
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe("密码已重置，请用新密码登录");
      for (const t of [user.token, other.body.data.token])
        expect((await request(ctx, "me", { token: t })).status).toBe(401);
      const { rows } = await ctx.db.query("SELECT 1 FROM access_tokens WHERE user_id = $1", [user.id]);
      expect(rows).toEqual([]);
      const login = (password: string) =>
        request(ctx, "login", { body: { account: user.account, password } });
      expect((await login(PASSWORD)).status).toBe(401);
      expect((await login("brand-new-pass-7")).status).toBe(200);
      const again = await request(ctx, "resetPassword", {
        body: { token, newPassword: "third-pass-word-9" },
      });
      expect(again.status).toBe(400);
      expect(again.body.message).toContain("重置链接无效、已使用或已过期");
    });

    it("tells the operator that using the link pauses the account's WebDAV backup, when it has one", async () => {
      const user = await registerUser(ctx);
      const link = () => command(ctx, "account-reset-password", [user.account]);
      expect((await link()).stderr).not.toContain("WebDAV");
      await ctx.db.query(
        `INSERT INTO webdav_backups (user_id, url, username, password_enc, frequency, keep)
         VALUES ($1, 'https://dav.example.cn/dav/', 'u', '\\x00', 'daily', 7)`,
        [user.id],
      );
      expect((await link()).stderr).toContain("WebDAV 定时备份：用这个链接设置新密码后，备份会暂停");
    });

    it("lifts the sign-in lockout of the account: the new password gets in at once", async () => {
      const user = await registerUser(ctx);
      const ip = "10.250.19.2";
      const login = (password: string) =>
        call(ctx, "POST", "/api/auth/login", { ip, body: { account: user.account, password } });
      for (let i = 0; i < 5; i++) expect((await login("wrong-password-1")).status).toBe(401);
      expect((await login(PASSWORD)).status).toBe(429);
      const token = await resetLink(user.account);
      expect(
        (await request(ctx, "resetPassword", { body: { token, newPassword: "brand-new-pass-7" } })).status,
      ).toBe(200);
      expect((await login("brand-new-pass-7")).status).toBe(200);
    });

    it("a link past PASSWORD_RESET_TTL, or replaced by a newer one, does nothing", async () => {
      const user = await registerUser(ctx);
      const first = await resetLink(user.account);
      const second = await resetLink(user.account);
      const use = (token: string) =>
        request(ctx, "resetPassword", { body: { token, newPassword: "brand-new-pass-7" } });
      expect((await use(first)).status).toBe(400);
      await ctx.db.query("UPDATE password_resets SET expires_at = now() WHERE user_id = $1", [user.id]);
      expect((await use(second)).status).toBe(400);
      expect((await request(ctx, "me", { token: user.token })).status).toBe(200);
      const missing = await command(ctx, "account-reset-password", ["nobody@example.cn"]).catch((e) => e);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("账号不存在");
    });

    it("is throttled per client like sign-in: the 11th wrong link in 15 minutes waits", async () => {
      const ip = "10.250.19.1";
      for (let i = 0; i < 10; i++) {
        const res = await call(ctx, "POST", "/api/auth/reset-password", {
          ip,
          body: { token: `guess-${i}`, newPassword: "brand-new-pass-7" },
        });
        expect(res.status).toBe(400);
      }
      const refused = await call(ctx, "POST", "/api/auth/reset-password", {
        ip,
        body: { token: "guess-10", newPassword: "brand-new-pass-7" },
      });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^重置密码尝试次数过多，请 \d+ 分钟后再试$/);
    });
  });
});
