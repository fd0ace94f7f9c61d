import { endpoints } from "@shinian/contract";
import { expect, it } from "vitest";
import { call, forEachDatabase, PASSWORD, registerUser } from "./helpers.ts";

const concrete = (path: string) =>
  path
    .replace("{id}", "00000000-0000-4000-8000-000000000000")
    .replace("{versionId}", "00000000-0000-4000-8000-000000000001")
    .replace("{key}", "AAAAAAAAAAAAAAAAAAAAAA");

forEachDatabase((ctx) => {
  it("every endpoint that needs a login answers 401 without a token, with an unknown one, and after logout", async () => {
    const user = await registerUser(ctx);
    const login = await call(ctx, "POST", "/api/auth/login", {
      body: { account: user.account, password: PASSWORD },
    });
    const revoked = login.body.data.token as string;
    expect((await call(ctx, "POST", "/api/auth/logout", { token: revoked })).status).toBe(200);
    const guarded = endpoints.filter((e) => e.auth);
    expect(guarded.length).toBeGreaterThan(20);
    for (const e of guarded) {
      for (const token of [undefined, "x".repeat(43), revoked]) {
        const res = await call(ctx, e.method.toUpperCase(), concrete(e.path), {
          token,
          body: e.body ? {} : undefined,
        });
        expect(res.status, `${e.method} ${e.path}`).toBe(401);
        expect(res.body).toEqual({ success: false, message: "未登录或登录已过期", code: "UNAUTHORIZED" });
      }
    }
  });

  it("every endpoint with a JSON body refuses unknown fields with 400", async () => {
    const user = await registerUser(ctx);
    for (const e of endpoints.filter((x) => x.body)) {
      const res = await call(ctx, e.method.toUpperCase(), concrete(e.path), {
        token: e.auth ? user.token : undefined,
        body: { unexpectedField: 1 },
      });
      // a path with a (nonexistent) id may answer 404 first; everything else must be 400
      expect([400, ...(e.path.includes("{id}") ? [404] : [])], `${e.method} ${e.path}`).toContain(res.status);
      if (res.status === 400) expect(res.body.code).toBe("VALIDATION_ERROR");
    }
    expect((await call(ctx, "GET", "/api/auth/me", { token: user.token })).status).toBe(200);
  });
});
