import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { loadConfig } from "../../src/env.ts";
import { createLogger } from "../../src/logger.ts";
import { call, onOneDatabase, request } from "../helpers.ts";

describe("configuration", () => {
  it("has the documented defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8787, databaseUrl: undefined, exportCooldownMs: 3_600_000 });
    expect(c.dataDir.endsWith("/data")).toBe(true);
    expect(c.points).toEqual({
      registerBonus: 100,
      costs: { chatReply: 2, tidyIdea: 1, composeNote: 5, transcribe: 1 },
      embedItem: 0,
      insight: 5,
    });
  });
  it("fails fast naming the bad variable", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => loadConfig({ EXPORT_COOLDOWN: "soon" })).toThrow(/EXPORT_COOLDOWN/);
    expect(() => loadConfig({ AI_TRANSCRIBE_MODEL: "whisper-1" })).toThrow(/AI_TRANSCRIBE_MODEL/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(loadConfig({ EXPORT_COOLDOWN: "30m" }).exportCooldownMs).toBe(1_800_000);
  });
  it("refuses an embeddings model with no provider named (it would go to OpenAI without a key)", () => {
    expect(() => loadConfig({ AI_EMBEDDING_MODEL: "bge-m3" })).toThrow(
      /AI_EMBEDDING_MODEL.*AI_EMBEDDING_BASE_URL/,
    );
    const local = { AI_EMBEDDING_MODEL: "bge-m3", AI_EMBEDDING_BASE_URL: "http://127.0.0.1:11434/v1" };
    expect(loadConfig(local).embedding?.baseUrl).toBe("http://127.0.0.1:11434/v1");
  });
});

describe("logger", () => {
  it("never writes passwords or tokens", () => {
    const lines: string[] = [];
    const log = createLogger("debug", {}, (l) => lines.push(l));
    log.info("x", {
      password: "hunter2-secret",
      body: { newPassword: "p2-secret", token: "tok-secret" },
      authorization: "Bearer t",
    });
    expect(lines.join("")).not.toMatch(/secret|Bearer/);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "info", msg: "x", password: "[redacted]" });
  });
});

onOneDatabase((ctx) => {
  it("GET /api/health answers ok with security headers and a request id", async () => {
    const res = await request(ctx, "health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { status: "ok" } });
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await request(ctx, "health", { headers: { "x-request-id": "abc-123" } });
    expect(echoed.headers.get("x-request-id")).toBe("abc-123");
  });

  it("answers unknown API paths with the error envelope", async () => {
    const res = await call(ctx, "GET", "/api/nope");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: "NOT_FOUND" });
  });

  it("refuses bodies over the size limit with 413", async () => {
    const res = await call(ctx, "POST", "/api/auth/login", {
      raw: JSON.stringify({ account: "a@b.cn", password: "x".repeat(3 * 1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("PAYLOAD_TOO_LARGE");
  });
});

onOneDatabase((ctx) => {
  it("logs one structured line per request, with request id and user, never a password or token", async () => {
    const lines: string[] = [];
    const logger = createLogger("debug", {}, (l) => lines.push(l));
    const app = createApp({ config: ctx.config, db: ctx.db, logger });
    const account = `log${Date.now()}@example.cn`;
    const password = "very-secret-password-9";
    const reg = await app.request("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "req-log-1" },
      body: JSON.stringify({ account, password, agreeTerms: true }),
    });
    const token = (await reg.json()).data.token as string;
    await app.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ account, password: "wrong-password-1" }),
    });
    await app.request("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
    const text = lines.join("\n");
    expect(text).not.toContain(password);
    expect(text).not.toContain("wrong-password-1");
    expect(text).not.toContain(token);
    const entries = lines.map((l) => JSON.parse(l));
    const requests = entries.filter((e) => e.msg === "request");
    expect(requests).toHaveLength(3);
    expect(requests[0]).toMatchObject({
      requestId: "req-log-1",
      method: "POST",
      path: "/api/auth/register",
      status: 201,
    });
    expect(requests[2]).toMatchObject({ path: "/api/auth/me", status: 200 });
    expect(requests[2].userId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logout without a token is 401 and an unknown method on a known path is 404", async () => {
    expect((await request(ctx, "logout")).status).toBe(401);
    expect((await call(ctx, "PUT", "/api/health")).status).toBe(404);
  });
});
