import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { MiddlewareHandler } from "hono";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * The app runs only its own bundled scripts and talks only to its own origin; React sets styles
 * through the CSSOM, which CSP does not restrict, so no 'unsafe-inline' is needed for scripts.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** The built SPA (app/dist); WEB_DIR overrides it. */
export const defaultWebDir = () =>
  process.env.WEB_DIR ?? fileURLToPath(new URL("../../app/dist", import.meta.url));

async function fileAt(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const full = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  // Never outside the web root, whatever the path says.
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  const info = await stat(full).catch(() => null);
  return info?.isFile() ? full : null;
}

/**
 * Serves the built web app on every non-/api GET, so `npm start` is one origin (PRODUCT §2).
 * A path that is not a file gets index.html: the SPA's router decides (unknown paths go to /).
 * Hashed assets are cached for a year; index.html and the service worker never.
 */
export function serveSpa(root = defaultWebDir()): MiddlewareHandler {
  const webRoot = path.resolve(root);
  return async (c, next) => {
    const urlPath = c.req.path;
    if (urlPath === "/api" || urlPath.startsWith("/api/")) return next();
    const file = (await fileAt(webRoot, urlPath)) ?? (await fileAt(webRoot, "/index.html"));
    if (!file) return next();
    const body = await readFile(file);
    const ext = path.extname(file).toLowerCase();
    const immutable = file.startsWith(path.join(webRoot, "assets") + path.sep);
    return c.body(new Uint8Array(body), 200, {
      "Content-Type": TYPES[ext] ?? "application/octet-stream",
      "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": CSP,
      "Referrer-Policy": "no-referrer",
      "X-Frame-Options": "DENY",
    });
  };
}
