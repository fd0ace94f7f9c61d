import { randomUUID } from "node:crypto";
import {
  ACCESS_TOKEN_LIMIT,
  DELETE_ACCOUNT_PHRASE,
  type Endpoint,
  endpointList,
  endpoints,
  scopeAllows,
  TOKEN_SCOPES,
  type TokenScope,
} from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../src/shared/token-hash.ts";
import {
  call,
  onOneDatabase,
  PASSWORD,
  registerUser,
  request,
  type TestCtx,
  type TestUser,
} from "../helpers.ts";

const capture = (ctx: TestCtx, token: string, body: object) =>
  call(ctx, "POST", "/api/ideas", { token, body });

async function newToken(ctx: TestCtx, user: TestUser, scope: TokenScope, name = "脚本") {
  const res = await request(ctx, "createAccessToken", { token: user.token, body: { name, scope } });
  if (res.status !== 201) throw new Error(`access token: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; token: string; scope: TokenScope };
}

const tokensOf = async (ctx: TestCtx, user: TestUser) =>
  (await request(ctx, "listAccessTokens", { token: user.token })).body.data.items as {
    id: string;
    name: string;
    scope: TokenScope;
    lastUsedAt: string | null;
    lastUsedBy: string | null;
  }[];

const concrete = (path: string) =>
  path
    .replace("{id}", "00000000-0000-4000-8000-000000000000")
    .replace("{versionId}", "00000000-0000-4000-8000-000000000001")
    .replace("{key}", "k");

onOneDatabase((ctx) => {
  describe("access tokens", () => {
    it("is shown once, stored hashed, listed with its scope and last use, and works as a Bearer within its scope", async () => {
      const u = await registerUser(ctx);
      const made = await request(ctx, "createAccessToken", {
        token: u.token,
        body: { name: "  Raycast ", scope: "write" },
      });
      expect(made.status).toBe(201);
      const { token, ...listed } = made.body.data;
      expect(token).toMatch(/^sn_pat_[A-Za-z0-9_-]{43}$/);
      expect(listed).toMatchObject({ name: "Raycast", scope: "write", lastUsedAt: null, expiresAt: null });
      const stored = await ctx.db.query("SELECT * FROM access_tokens WHERE user_id = $1", [u.id]);
      expect(JSON.stringify(stored.rows)).not.toContain(token.slice(7));

      const idea = await call(ctx, "POST", "/api/ideas", {
        token,
        body: { content: "脚本记下的 #工具" },
        headers: { "user-agent": "curl/8.5.0" },
      });
      expect(idea.status).toBe(201);
      const edited = await call(ctx, "PATCH", `/api/ideas/${idea.body.data.id}`, {
        token,
        body: { content: "改过了" },
      });
      expect(edited.status).toBe(200);
      const [used] = await tokensOf(ctx, u);
      expect(used).toMatchObject({ id: listed.id, lastUsedBy: "curl/8.5.0" });
      expect(Date.parse(used!.lastUsedAt!)).toBeGreaterThan(Date.now() - 60_000);
    });

    it("every signed-in endpoint lets in exactly the scopes its contract names, and a refused use is not a use", async () => {
      const u = await registerUser(ctx);
      const tokens = Object.fromEntries(
        await Promise.all(TOKEN_SCOPES.map(async (s) => [s, (await newToken(ctx, u, s, s)).token] as const)),
      ) as Record<TokenScope, string>;
      // never to a token: the account, its password and tokens, points, export, import, WebDAV
      for (const name of [
        "me",
        "changePassword",
        "createAccessToken",
        "exportData",
        "createImport",
        "getWebdav",
      ])
        expect((endpoints[name as keyof typeof endpoints] as Endpoint).token, name).toBeUndefined();
      const signedIn = endpointList.filter((e) => e.auth);
      expect(signedIn.length).toBeGreaterThan(60);
      for (const e of signedIn) {
        for (const scope of TOKEN_SCOPES) {
          const res = await call(ctx, e.method.toUpperCase(), concrete(e.path), {
            token: tokens[scope],
            body: e.body ? {} : undefined,
          });
          const letIn = e.token !== undefined && scopeAllows(scope, e.token);
          const what = `${scope} → ${e.method} ${e.path}`;
          if (letIn) expect(res.status, what).not.toBe(403);
          else {
            expect(res.status, what).toBe(403);
            expect(res.body.code, what).toBe("FORBIDDEN");
            expect(res.body.message, what).toContain(e.token ? "权限不够" : "不能用于此操作");
          }
        }
      }
      // a token used only where it is refused shows no use
      const unused = await newToken(ctx, u, "read", "未用");
      expect(
        (await call(ctx, "POST", "/api/ideas", { token: unused.token, body: { content: "不行" } })).status,
      ).toBe(403);
      expect((await tokensOf(ctx, u)).find((t) => t.id === unused.id)?.lastUsedAt).toBeNull();
      // a read token reads everything, a capture token nothing
      const idea = await capture(ctx, tokens.capture, { content: "仅记录令牌记下的" });
      expect(idea.status).toBe(201);
      expect((await call(ctx, "GET", `/api/ideas/${idea.body.data.id}`, { token: tokens.read })).status).toBe(
        200,
      );
      expect(
        (await call(ctx, "GET", `/api/ideas/${idea.body.data.id}`, { token: tokens.capture })).status,
      ).toBe(403);
      expect(
        (await call(ctx, "DELETE", `/api/ideas/${idea.body.data.id}`, { token: tokens.read })).status,
      ).toBe(403);
      expect((await call(ctx, "GET", "/api/feed", { token: tokens.read })).body.data.items).toHaveLength(1);
    });

    it("a revoked, expired or unknown token is refused at once with 401; only its owner can revoke it", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      const revoked = await newToken(ctx, u, "read", "吊销");
      const expiring = await newToken(ctx, u, "read", "到期");
      expect((await call(ctx, "GET", "/api/feed", { token: revoked.token })).status).toBe(200);
      const foreign = await request(ctx, "revokeAccessToken", {
        params: { id: revoked.id },
        token: other.token,
      });
      expect(foreign.status).toBe(404);
      expect(
        (await request(ctx, "revokeAccessToken", { params: { id: revoked.id }, token: u.token })).status,
      ).toBe(200);
      await ctx.db.query("UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE id = $1", [
        expiring.id,
      ]);
      for (const token of [revoked.token, expiring.token, `sn_pat_${"A".repeat(43)}`]) {
        const res = await call(ctx, "GET", "/api/feed", { token });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe("UNAUTHORIZED");
      }
      const again = await request(ctx, "revokeAccessToken", { params: { id: revoked.id }, token: u.token });
      expect(again.body.message).toBe("令牌不存在或已吊销");
    });

    it("refuses a bad name, scope or expiry and makes nothing", async () => {
      const u = await registerUser(ctx);
      for (const body of [
        { scope: "read" },
        { name: "   ", scope: "read" },
        { name: "名".repeat(31), scope: "read" },
        { name: "脚本" },
        { name: "脚本", scope: "admin" },
        { name: "脚本", scope: "read", expiresAt: "2020-01-01T00:00:00Z" },
        { name: "脚本", scope: "read", expiresAt: "明天" },
      ]) {
        const res = await call(ctx, "POST", "/api/tokens", { token: u.token, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.code).toBe("VALIDATION_ERROR");
      }
      expect(await tokensOf(ctx, u)).toEqual([]);
      const future = new Date(Date.now() + 86_400_000).toISOString();
      const ok = await request(ctx, "createAccessToken", {
        token: u.token,
        body: { name: "名".repeat(30), scope: "read", expiresAt: future },
      });
      expect(ok.status).toBe(201);
      expect(ok.body.data.expiresAt).toBe(future);
    });

    it(`a person holds at most ${ACCESS_TOKEN_LIMIT} of every scope together, even when asking for them all at once`, async () => {
      const u = await registerUser(ctx);
      const answers = await Promise.all(
        Array.from({ length: ACCESS_TOKEN_LIMIT + 5 }, (_, i) =>
          i % 2
            ? request(ctx, "createCaptureToken", { token: u.token, body: { name: `旧 ${i}` } })
            : request(ctx, "createAccessToken", { token: u.token, body: { name: `新 ${i}`, scope: "read" } }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(ACCESS_TOKEN_LIMIT);
      for (const a of answers.filter((a) => a.status !== 201)) {
        expect(a.status).toBe(400);
        expect(a.body.message).toBe(`访问令牌最多 ${ACCESS_TOKEN_LIMIT} 个，请先吊销不再使用的令牌`);
      }
      expect(await tokensOf(ctx, u)).toHaveLength(ACCESS_TOKEN_LIMIT);
    });

    it("the capture-token calls stay: they make, list and revoke capture-scope tokens only, and tokens from before keep working", async () => {
      const u = await registerUser(ctx);
      const read = await newToken(ctx, u, "read");
      const made = await request(ctx, "createCaptureToken", { token: u.token, body: { name: "快捷指令" } });
      expect(made.status).toBe(201);
      expect(Object.keys(made.body.data).sort()).toEqual(["createdAt", "id", "lastUsedAt", "name", "token"]);
      const listed = (await request(ctx, "listCaptureTokens", { token: u.token })).body.data.items;
      expect(listed.map((t: { id: string }) => t.id)).toEqual([made.body.data.id]);
      // the read token is not a capture token: the older call cannot revoke it
      expect(
        (await request(ctx, "revokeCaptureToken", { params: { id: read.id }, token: u.token })).status,
      ).toBe(404);
      expect((await capture(ctx, made.body.data.token, { content: "快捷指令记下的" })).status).toBe(201);
      expect((await call(ctx, "GET", "/api/feed", { token: made.body.data.token })).status).toBe(403);

      // a token made before access tokens (sn_cap_…, its row moved by migration 039) still captures
      const old = `sn_cap_${randomUUID().replaceAll("-", "")}0123456789a`;
      await ctx.db.query(
        "INSERT INTO access_tokens (user_id, name, scope, token_hash) VALUES ($1, '旧令牌', 'capture', $2)",
        [u.id, hashToken(old)],
      );
      expect((await capture(ctx, old, { content: "旧令牌记下的" })).status).toBe(201);
    });

    it("changing the password revokes every token; deleting the account removes them", async () => {
      const u = await registerUser(ctx);
      const tokens = await Promise.all(TOKEN_SCOPES.map((s) => newToken(ctx, u, s)));
      const changed = await request(ctx, "changePassword", {
        token: u.token,
        body: { currentPassword: PASSWORD, newPassword: "another-pass-42" },
      });
      expect(changed.status).toBe(200);
      for (const { token } of tokens)
        expect((await capture(ctx, token, { content: "改密码之后" })).status).toBe(401);
      expect(await tokensOf(ctx, u)).toEqual([]);

      const { token } = await newToken(ctx, u, "write");
      const gone = await request(ctx, "deleteAccount", {
        token: u.token,
        body: { password: "another-pass-42", confirm: DELETE_ACCOUNT_PHRASE },
      });
      expect(gone.status).toBe(200);
      expect((await capture(ctx, token, { content: "账号删除之后" })).status).toBe(401);
      const left = await ctx.db.query("SELECT count(*)::int AS n FROM access_tokens WHERE user_id = $1", [
        u.id,
      ]);
      expect(left.rows[0].n).toBe(0);
    });
  });
});
