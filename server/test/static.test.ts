import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { serveSpa } from "../src/static.ts";

const base = mkdtempSync(path.join(tmpdir(), "shinian-static-"));
const root = path.join(base, "web");
mkdirSync(path.join(root, "assets"), { recursive: true });
writeFileSync(path.join(root, "index.html"), "<!doctype html><title>拾念</title>");
writeFileSync(path.join(root, "assets", "app-abc123.js"), "console.log(1)");
writeFileSync(path.join(root, "sw.js"), "self.x=1");
writeFileSync(path.join(base, "secret.txt"), "no");

const app = new Hono();
app.get("*", serveSpa(root));
app.notFound((c) => c.json({ message: "接口不存在" }, 404));

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("serveSpa", () => {
  it("serves files with their type; hashed assets for a year, the rest never cached", async () => {
    const asset = await app.request("/assets/app-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toContain("text/javascript");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    const sw = await app.request("/sw.js");
    expect(sw.headers.get("cache-control")).toBe("no-cache");
  });

  it("answers index.html for app paths, so the SPA's router decides", async () => {
    for (const p of ["/", "/ideas/123/original", "/no/such/page"]) {
      const res = await app.request(p);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(await res.text()).toContain("<title>拾念</title>");
      expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("never answers for /api and never leaves the web root", async () => {
    expect((await app.request("/api/nope")).status).toBe(404);
    const outside = await app.request("/..%2fsecret.txt");
    expect(await outside.text()).not.toBe("no");
  });
});
