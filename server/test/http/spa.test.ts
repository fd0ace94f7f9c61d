import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { APP_CSP } from "../../src/http/spa.ts";
import { createLogger } from "../../src/logger.ts";
import { onOneDatabase, testConfig } from "../helpers.ts";

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), "shinian-dist-"));
  await mkdir(path.join(dist, "assets"));
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>拾念</title>");
  await writeFile(path.join(dist, "assets", "app-abc123.js"), "console.log(1)");
  await writeFile(path.join(dist, "manifest.webmanifest"), "{}");
  await writeFile(
    path.join(dist, "assets", "big-def456.js"),
    `export const words = "${"拾念".repeat(2000)}";`,
  );
});
afterAll(() => rm(dist, { recursive: true, force: true }));

onOneDatabase((ctx) => {
  describe("the built app on the same origin", () => {
    const app = () =>
      createApp({
        config: { ...testConfig(), appDistDir: dist },
        db: ctx.db,
        logger: createLogger("silent"),
      });

    it("serves files, hashed assets cached for a year, and index.html for client routes", async () => {
      const js = await app().request("/assets/app-abc123.js");
      expect(js.status).toBe(200);
      expect(js.headers.get("content-type")).toContain("text/javascript");
      expect(js.headers.get("cache-control")).toContain("immutable");
      expect(await js.text()).toBe("console.log(1)");
      for (const route of ["/", "/ideas/123/original", "/login?redirect=%2Fchat"]) {
        const page = await app().request(route);
        expect(page.status, route).toBe(200);
        expect(await page.text()).toContain("<title>拾念</title>");
        expect(page.headers.get("cache-control")).toBe("no-cache");
        expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
      }
      expect((await app().request("/manifest.webmanifest")).headers.get("content-type")).toBe(
        "application/manifest+json",
      );
    });

    it("gzips text files for browsers that accept it, and only for them", async () => {
      const gz = await app().request("/assets/big-def456.js", { headers: { "accept-encoding": "gzip, br" } });
      expect(gz.headers.get("content-encoding")).toBe("gzip");
      const bytes = new Uint8Array(await gz.arrayBuffer());
      expect(bytes.length).toBeLessThan(1000);
      const { gunzipSync } = await import("node:zlib");
      expect(gunzipSync(bytes).toString()).toContain("拾念拾念");
      const plain = await app().request("/assets/big-def456.js");
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(await plain.text()).toContain("拾念拾念");
    });

    it("never serves files outside the build, and unknown API paths stay JSON 404s", async () => {
      for (const p of [
        "/../package.json",
        "/%2e%2e/package.json",
        "/assets/%2e%2e%2f%2e%2e%2fetc/passwd",
        "/%00",
      ]) {
        const res = await app().request(p);
        expect(await res.text(), p).not.toContain('"name"');
      }
      const api = await app().request("/api/nothing-here");
      expect(api.status).toBe(404);
      expect((await api.json()).code).toBe("NOT_FOUND");
    });

    it("serves /login its own page when the build has one, and index.html for every other path", async () => {
      const withLogin = await mkdtemp(path.join(os.tmpdir(), "shinian-dist-"));
      await writeFile(path.join(withLogin, "index.html"), "<!doctype html><title>拾念</title>");
      await writeFile(path.join(withLogin, "login.html"), "<!doctype html><title>登录 - 拾念</title>");
      try {
        const built = createApp({
          config: { ...testConfig(), appDistDir: withLogin },
          db: ctx.db,
          logger: createLogger("silent"),
        });
        for (const route of ["/login", "/login/", "/login?redirect=%2Fchat"]) {
          const page = await built.request(route);
          expect(page.status, route).toBe(200);
          expect(await page.text(), route).toContain("<title>登录 - 拾念</title>");
          expect(page.headers.get("cache-control")).toBe("no-cache");
        }
        for (const route of ["/", "/login-help", "/ideas/123", "/index.html"]) {
          expect(await (await built.request(route)).text(), route).toContain("<title>拾念</title>");
        }
      } finally {
        await rm(withLogin, { recursive: true, force: true });
      }
    });

    it("lets a recording play before and after its upload (media-src), with the same CSP as deploy/nginx", async () => {
      const page = await app().request("/");
      const csp = page.headers.get("content-security-policy") ?? "";
      const directives = new Map(
        csp.split(";").map((d) => {
          const [name = "", ...sources] = d.trim().split(/\s+/);
          return [name, sources] as const;
        }),
      );
      // an object URL (blob:) of the composer's recording, and a saved one from /api/files
      expect(directives.get("media-src")).toEqual(["'self'", "blob:"]);
      expect(directives.get("default-src")).toEqual(["'self'"]);
      expect(csp).toBe(APP_CSP);
      const nginx = await readFile(
        path.join(import.meta.dirname, "../../../deploy/nginx/shinian.conf"),
        "utf8",
      );
      const sent = /add_header Content-Security-Policy "([^"]+)" always;/.exec(nginx)?.[1];
      expect(sent).toBe(APP_CSP);
    });

    it("says the app is not built when there is no build", async () => {
      const bare = createApp({
        config: { ...testConfig(), appDistDir: path.join(dist, "missing") },
        db: ctx.db,
        logger: createLogger("silent"),
      });
      const res = await bare.request("/");
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("前端尚未构建");
    });
  });
});
