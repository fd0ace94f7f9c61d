import { randomUUID } from "node:crypto";
import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { accountRoutes, authRoutes } from "./accounts/auth.routes.ts";
import { avatarRoutes, profileRoutes } from "./accounts/profile.routes.ts";
import { authGuard } from "./accounts/session-guard.ts";
import { aiRoutes } from "./ai/ai.routes.ts";
import { chatRoutes } from "./ai/chat.routes.ts";
import { composeRoutes } from "./ai/compose.routes.ts";
import { tidyRoutes } from "./ai/tidy.routes.ts";
import { attachmentRoutes } from "./attachments/attachments.routes.ts";
import { drainAfterWrites } from "./attachments/storage.ts";
import { type AppDeps, type AppEnv, systemClock } from "./context.ts";
import { ApiError } from "./errors.ts";
import { eventRoutes } from "./events/events.routes.ts";
import { exportRoutes } from "./export/export.routes.ts";
import { flomoOpenApi } from "./flomo/flomo.openapi.ts";
import { flomoRoutes } from "./flomo/flomo.routes.ts";
import { earlyAnswer } from "./http/early-answer.ts";
import { type Mount, mounter } from "./http/mount.ts";
import { buildOpenApi, renderDocs } from "./http/openapi.ts";
import { spaRoutes } from "./http/spa.ts";
import { importRoutes } from "./import/import.routes.ts";
import { insightRoutes } from "./insights/insights.routes.ts";
import { annotationRoutes } from "./items/annotations.routes.ts";
import { feedRoutes } from "./items/feed.routes.ts";
import { ideaRoutes } from "./items/ideas.routes.ts";
import { noteRoutes } from "./items/notes.routes.ts";
import { tagRoutes } from "./items/tags.routes.ts";
import { trashRoutes } from "./items/trash.routes.ts";
import { linkRoutes } from "./links/links.routes.ts";
import { memosApi } from "./memos/api.ts";
import { memosOpenApi } from "./memos/memos.openapi.ts";
import { messagingRoutes } from "./messaging/messaging.routes.ts";
import { telegramRoutes } from "./messaging/telegram.routes.ts";
import { wechatRoutes } from "./messaging/wechat.routes.ts";
import { pointsRoutes } from "./points/points.routes.ts";
import { asQuotaRefusal } from "./points/quotas.ts";
import { pushRoutes } from "./push/push.routes.ts";
import { reviewRoutes } from "./review/review.routes.ts";
import { searchRoutes } from "./search/search.routes.ts";
import { createBackgroundWork } from "./shared/background-work.ts";
import { statsRoutes } from "./stats/stats.routes.ts";
import { webdavRoutes } from "./webdav/webdav.routes.ts";
import { webhookRoutes } from "./webhooks/webhooks.routes.ts";

const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

/** flomo's URL carries its key in the path: a log line keeps the route, never the token. */
const loggedPath = (path: string) => (path.startsWith("/iwh/") ? "/iwh/…" : path);

const HSTS = "max-age=15552000; includeSubDomains";

/** Every wing's routes, by wing: the contract groups its endpoints the same way (test/http/wings.test.ts). */
export const wings = {
  system: [(mount: Mount) => mount("health", () => ({ data: { status: "ok" as const } }))],
  accounts: [authRoutes, accountRoutes, profileRoutes, avatarRoutes],
  items: [ideaRoutes, annotationRoutes, noteRoutes, trashRoutes, feedRoutes, tagRoutes],
  attachments: [attachmentRoutes],
  review: [reviewRoutes],
  links: [linkRoutes],
  stats: [statsRoutes],
  insights: [insightRoutes],
  points: [pointsRoutes],
  search: [searchRoutes],
  export: [exportRoutes],
  import: [importRoutes],
  ai: [aiRoutes, tidyRoutes, composeRoutes, chatRoutes],
  webdav: [webdavRoutes],
  webhooks: [webhookRoutes],
  push: [pushRoutes],
  messaging: [messagingRoutes],
  events: [eventRoutes],
} satisfies Record<string, ((mount: Mount) => void)[]>;

/** `work`: the server's own (it waits for it at shutdown); tests may leave it out, and `clock` too. */
export function createApp(given: Omit<AppDeps, "work" | "clock"> & Partial<Pick<AppDeps, "work" | "clock">>) {
  const deps: AppDeps = {
    ...given,
    work: given.work ?? createBackgroundWork(),
    clock: given.clock ?? systemClock,
  };
  const app = new Hono<AppEnv>();

  // HSTS on every response, the app's pages included; browsers take it only over HTTPS.
  app.use("*", async (c, next) => {
    await next();
    c.res.headers.set("Strict-Transport-Security", HSTS);
  });
  app.use("*", earlyAnswer);
  app.use("*", async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    c.set("deps", deps);
    c.set("logger", deps.logger.child({ requestId }));
    c.header("X-Request-Id", requestId);
    const started = performance.now();
    await next();
    // Path only: query strings may carry search words, and bodies may carry secrets.
    c.var.logger.info("request", {
      method: c.req.method,
      path: loggedPath(c.req.path),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  // Registered before secureHeaders so that these run after it: avatars and files are sandboxed.
  for (const served of ["/api/avatars/*", "/api/files/*"]) {
    app.use(served, async (c, next) => {
      await next();
      c.res.headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
    });
  }
  app.use("/api/docs", async (c, next) => {
    await next();
    c.res.headers.set(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
  });
  app.use(
    "/api/*",
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
      crossOriginResourcePolicy: "same-origin",
      referrerPolicy: "no-referrer",
      strictTransportSecurity: false, // set on every response above
    }),
  );
  app.use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  // Request bodies are bounded per endpoint, after its guard (`mount`, http/body-limit.ts).
  // With S3_*: objects of files a write deleted are deleted from the bucket right after it.
  if (deps.config.attachments.s3) app.use("/api/*", drainAfterWrites);

  // Built on first request, not at start-up, so a cold start stays fast.
  let openapi: ReturnType<typeof buildOpenApi> | undefined;
  let docs: string | undefined;
  const openapiDocument = () => {
    openapi ??= buildOpenApi([flomoOpenApi, memosOpenApi]);
    return openapi;
  };
  app.get("/api/openapi.json", (c) => c.json(openapiDocument()));
  app.get("/api/docs", (c) => {
    docs ??= renderDocs(openapiDocument());
    return c.html(docs);
  });
  const mount = mounter(app, authGuard);
  for (const routes of Object.values(wings).flat()) routes(mount);
  // Foreign-shaped: MCP clients get JSON-RPC answers, not the API's envelope (mcp/mcp.routes.ts).
  // The MCP SDK and its JSON Schema validator load on the first /mcp request, not at start-up.
  let mcp: Promise<(c: Context<AppEnv>) => Promise<Response>> | undefined;
  app.all("/mcp", async (c) => {
    mcp ??= import("./mcp/mcp.routes.ts").then((m) => m.mcpHandler());
    return (await mcp)(c);
  });

  app.route("/", flomoRoutes());
  // a WeChat 公众号's 服务器配置 (messaging/): WeChat's XML, signatures and answers, not ours
  app.route("/", wechatRoutes(deps));
  // a Telegram bot's webhook, where PUBLIC_URL is https (else its updates are long-polled)
  app.route("/", telegramRoutes(deps));
  // memos' API v1 (issue 32): its own shapes and errors, so before /api/*'s 404 in ours
  app.route("/", memosApi());
  app.all("/api/*", (c) => c.json({ success: false, message: "接口不存在", code: "NOT_FOUND" }, 404));
  app.route("/", spaRoutes(deps.config.appDistDir));
  app.notFound((c) => c.json({ success: false, message: "接口不存在", code: "NOT_FOUND" }, 404));

  app.onError((thrown, c) => {
    const err = asQuotaRefusal(thrown, deps.config.quota) ?? thrown;
    if (err instanceof ApiError) {
      for (const [k, v] of Object.entries(err.extra.headers ?? {})) c.header(k, v);
      return c.json(
        {
          success: false,
          message: err.message,
          code: err.code,
          ...(err.extra.issues ? { issues: err.extra.issues } : {}),
          ...(err.extra.data !== undefined ? { data: err.extra.data } : {}),
        },
        err.status as 400,
      );
    }
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ success: false, message: "请求有误", code: "VALIDATION_ERROR" }, err.status);
    }
    // PostgreSQL cancelled a statement past its time (statement_timeout): busy, not broken.
    if ((err as { code?: unknown }).code === "57014") {
      c.var.logger.warn("statement timed out", { path: loggedPath(c.req.path) });
      return c.json({ success: false, message: "服务繁忙，请稍后再试", code: "SERVICE_UNAVAILABLE" }, 503);
    }
    c.var.logger.error("unhandled error", { err });
    return c.json({ success: false, message: "服务器内部错误，请稍后再试", code: "INTERNAL_ERROR" }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
