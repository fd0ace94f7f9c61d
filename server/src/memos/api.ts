import { Hono, type MiddlewareHandler } from "hono";
import { authenticate, signIn } from "../accounts/session-guard.ts";
import type { AppEnv } from "../context.ts";
import { attachmentRoutes } from "./attachments.routes.ts";
import { memoRoutes } from "./memos.routes.ts";
import { instanceRoutes, userRoutes } from "./users.routes.ts";
import { answerError, memosError } from "./wire.ts";

/**
 * memos' REST API v1, the subset its clients use (issue 32; docs/api.md, "memos 兼容接口"), as
 * plain Hono routes with memos' own error shape. Mounted in app.ts before `/api/*`'s 404, and owning
 * everything under /api/v1: an unknown path there is memos' 404, never our envelope or a redirect.
 * `GET /api/v1/status` is one such 404 on purpose: JSON with `profile.version` there switches
 * MoeMemos to memos' pre-0.22 API.
 */
export function memosApi() {
  const api = new Hono<AppEnv>();
  api.onError(answerError);
  instanceRoutes(api);
  // a session, or an access token: 只读 (read) for reads, 读写 (write) for writes; 仅记录 never
  const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
    signIn(c, await authenticate(c, c.req.method === "GET" || c.req.method === "HEAD" ? "read" : "write"));
    await next();
  };
  for (const path of [
    "/api/v1/auth/*",
    "/api/v1/users/*",
    "/api/v1/memos",
    "/api/v1/memos/*",
    "/api/v1/attachments",
    "/api/v1/attachments/*",
    "/file/attachments/*",
  ])
    api.use(path, signedIn);
  userRoutes(api);
  memoRoutes(api);
  attachmentRoutes(api);
  api.all("/api/v1", (c) => memosError(c, 404, "接口不存在"));
  api.all("/api/v1/*", (c) => memosError(c, 404, "接口不存在"));
  return api;
}
