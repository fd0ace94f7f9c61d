import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "../../src/accounts/common-passwords.ts";
import { hashPassword } from "../../src/accounts/password.ts";
import { onOneDatabase, PASSWORD, registerUser, request, uniqueAccount } from "../helpers.ts";

const COMMON = ["password1", "Password1", "12345678", "qwertyuiop", "1qaz2wsx", "woaini1314", "88888888"];

describe("the common-password list", () => {
  it("knows the leaked favourites, in any case, and none of the passwords this repository's tests and benchmarks use", async () => {
    for (const p of COMMON) expect(await isCommonPassword(p), p).toBe(true);
    const ours = [
      PASSWORD,
      "shinian-e2e-2026", // e2e/helpers.ts
      "bench-password", // server/bench
      "bench-password-1", // scripts/bench-web.mjs
      "shinian-shots-2026", // scripts/screenshots.mjs
      "brand-new-pass",
      "another-pass-42",
      "another-password",
      "password-123",
      "a-brand-new-password",
    ];
    for (const p of ours) expect(await isCommonPassword(p), p).toBe(false);
  });
});

onOneDatabase((ctx) => {
  const countUsers = async (account: string) =>
    (await ctx.db.query("SELECT count(*)::int AS n FROM users WHERE account = $1", [account])).rows[0]
      .n as number;

  it("refuses a common password at registration with a Chinese message, and creates nothing", async () => {
    for (const password of COMMON) {
      const account = uniqueAccount();
      const res = await request(ctx, "register", { body: { account, password, agreeTerms: true } });
      expect(res.status, password).toBe(400);
      expect(res.body).toMatchObject({ code: "VALIDATION_ERROR", message: COMMON_PASSWORD_MESSAGE });
      expect(res.body.issues).toEqual([{ path: "password", message: COMMON_PASSWORD_MESSAGE }]);
      expect(await countUsers(account)).toBe(0);
    }
  });

  it("refuses a common new password, and nothing changes", async () => {
    const user = await registerUser(ctx);
    const other = await request(ctx, "login", { body: { account: user.account, password: PASSWORD } });
    const res = await request(ctx, "changePassword", {
      token: user.token,
      body: { currentPassword: PASSWORD, newPassword: "Password1" },
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: "newPassword", message: COMMON_PASSWORD_MESSAGE }]);
    expect((await request(ctx, "me", { token: other.body.data.token })).status).toBe(200);
    expect(
      (await request(ctx, "login", { body: { account: user.account, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it("leaves an account that already has a common password alone until it changes it", async () => {
    const user = await registerUser(ctx);
    await ctx.db.query("UPDATE users SET password_hash = $2 WHERE id = $1", [
      user.id,
      await hashPassword("12345678", ctx.config.passwordHashCost),
    ]);
    const login = await request(ctx, "login", { body: { account: user.account, password: "12345678" } });
    expect(login.status).toBe(200);
    const change = await request(ctx, "changePassword", {
      token: login.body.data.token,
      body: { currentPassword: "12345678", newPassword: "brand-new-pass" },
    });
    expect(change.status).toBe(200);
  });
});
