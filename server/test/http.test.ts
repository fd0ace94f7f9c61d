import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/env.ts";
import { createLogger } from "../src/logger.ts";
import { call, forEachDatabase } from "./helpers.ts";

describe("configuration", () => {
  it("has the documented defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8787, databaseUrl: undefined, exportCooldownMs: 3_600_000 });
    expect(c.dataDir.endsWith("/data")).toBe(true);
    expect(c.points).toEqual({ registerBonus: 100, costs: { chatReply: 2, tidyIdea: 1, composeNote: 5 } });
  });
  it("fails fast naming the bad variable", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => loadConfig({ EXPORT_COOLDOWN: "soon" })).toThrow(/EXPORT_COOLDOWN/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(loadConfig({ EXPORT_COOLDOWN: "30m" }).exportCooldownMs).toBe(1_800_000);
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

forEachDatabase((ctx) => {
  it("GET /api/health answers ok with security headers and a request id", async () => {
    const res = await call(ctx, "GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { status: "ok" } });
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await call(ctx, "GET", "/api/health", { headers: { "x-request-id": "abc-123" } });
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
