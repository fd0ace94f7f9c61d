import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { type AppDeps, type AppEnv, systemClock } from "./context.ts";
import { ApiError } from "./errors.ts";
import { createBackgroundWork } from "./lib/background-work.ts";
import { mount } from "./lib/endpoint.ts";
import { earlyAnswer } from "./middlewares/early-answer.ts";
import { buildOpenApi, renderDocs } from "./openapi.ts";
import { aiRoutes } from "./routes/ai.ts";
import { attachmentRoutes } from "./routes/attachments.ts";
import { accountRoutes, authRoutes } from "./routes/auth.ts";
import { chatRoutes } from "./routes/chat.ts";
import { exportRoutes } from "./routes/export.ts";
import { feedRoutes } from "./routes/feed.ts";
import { ideaRoutes } from "./routes/ideas.ts";
import { importRoutes } from "./routes/import.ts";
import { noteRoutes } from "./routes/notes.ts";
import { pointsRoutes } from "./routes/points.ts";
import { avatarRoutes, profileRoutes } from "./routes/profile.ts";
import { reviewRoutes } from "./routes/review.ts";
import { searchRoutes } from "./routes/search.ts";
import { spaRoutes } from "./routes/spa.ts";
import { tagRoutes } from "./routes/tags.ts";
import { trashRoutes } from "./routes/trash.ts";
import { webdavRoutes } from "./routes/webdav.ts";
import { drainAfterWrites } from "./services/attachments/storage.ts";
import { asQuotaRefusal } from "./services/quotas.ts";

const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

const HSTS = "max-age=15552000; includeSubDomains";

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
      path: c.req.path,
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
  // Request bodies are bounded per endpoint, after its guard (`mount`, middlewares/body-limit.ts).
  // With S3_*: objects of files a write deleted are deleted from the bucket right after it.
  if (deps.config.attachments.s3) app.use("/api/*", drainAfterWrites);

  // Built on first request, not at start-up, so a cold start stays fast.
  let openapi: ReturnType<typeof buildOpenApi> | undefined;
  let docs: string | undefined;
  const openapiDocument = () => {
    openapi ??= buildOpenApi();
    return openapi;
  };
  app.get("/api/openapi.json", (c) => c.json(openapiDocument()));
  app.get("/api/docs", (c) => {
    docs ??= renderDocs(openapiDocument());
    return c.html(docs);
  });
  mount(app, "health", () => ({ data: { status: "ok" as const } }));
  for (const routes of [
    authRoutes,
    accountRoutes,
    profileRoutes,
    avatarRoutes,
    ideaRoutes,
    noteRoutes,
    attachmentRoutes,
    trashRoutes,
    reviewRoutes,
    feedRoutes,
    pointsRoutes,
    searchRoutes,
    tagRoutes,
    exportRoutes,
    importRoutes,
    aiRoutes,
    chatRoutes,
    webdavRoutes,
  ]) {
    routes(app);
  }

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
      c.var.logger.warn("statement timed out", { path: c.req.path });
      return c.json({ success: false, message: "服务繁忙，请稍后再试", code: "SERVICE_UNAVAILABLE" }, 503);
    }
    c.var.logger.error("unhandled error", { err });
    return c.json({ success: false, message: "服务器内部错误，请稍后再试", code: "INTERNAL_ERROR" }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
