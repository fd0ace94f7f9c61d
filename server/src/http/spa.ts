import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { AppEnv } from "../context.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/**
 * The app's CSP: everything from this origin, nothing inline but styles (Radix sets style attributes).
 * deploy/nginx/shinian.conf sends the same string (server/test/http/spa.test.ts holds them equal).
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // a recording plays in the composer from its object URL before it is uploaded, then from /api/files
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join("; ");

async function fileIn(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  const s = await stat(file).catch(() => null);
  return s?.isFile() ? file : null;
}

/**
 * Serves the built SPA (APP_DIST_DIR) on the same origin as the API: files as they are
 * (hashed assets cached for a year), /login its own login.html, any other path index.html so
 * client routes work.
 */
export function spaRoutes(distDir: string) {
  const root = path.resolve(distDir);
  const serve = (file: string, cache: string) => {
    const type = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
    const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    return new Response(body, {
      headers: {
        "Content-Type": type,
        "Cache-Control": cache,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": APP_CSP,
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
      },
    });
  };
  // gzip on the fly for the app's text files (JS, CSS, HTML): a fraction of the bytes on the first visit
  return new Hono<AppEnv>().use(compress()).get("*", async (c) => {
    const file = await fileIn(root, c.req.path);
    if (file && !["index.html", "login.html"].includes(path.basename(file))) {
      const immutable = c.req.path.startsWith("/assets/");
      return serve(file, immutable ? "public, max-age=31536000, immutable" : "no-cache");
    }
    // /login has its own page without the router (app/login.html); every other path is the router app.
    const page = /^\/login\/?$/.test(c.req.path) ? await fileIn(root, "/login.html") : null;
    const index = page ?? (await fileIn(root, "/index.html"));
    if (index) return serve(index, "no-cache");
    return c.text("拾念 API 服务运行中；前端尚未构建（npm run build 后由此提供）。接口文档：/api/docs", 404);
  });
}
