import { CreateIdeaRequestSchema, type Idea } from "@shinian/contract";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isAccessToken } from "../accounts/access-tokens.store.ts";
import { callerOf, signIn } from "../accounts/session-guard.ts";
import type { AppEnv } from "../context.ts";
import { ApiError, unauthorized } from "../errors.ts";
import { limitBody, SIGNED_IN_BODY_LIMIT } from "../http/body-limit.ts";
import { captureIdea } from "../items/capture.ts";
import { limitWrites } from "../points/write-limits.ts";
import { beijingTime } from "../shared/beijing-time.ts";

/** flomo writes its memos as HTML paragraphs; clients that show the answer expect that. */
const asFlomoHtml = (text: string) =>
  text
    .split(/\n/)
    .map((line) => `<p>${line.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</p>`)
    .join("");

/** A memo as flomo's incoming webhook answers it: Beijing wall times, tags without `#`. */
const flomoMemo = (idea: Idea) => ({
  slug: idea.id,
  source: "incoming_webhook",
  content: asFlomoHtml(idea.content),
  tags: idea.tags,
  created_at: beijingTime(new Date(idea.createdAt)),
  updated_at: beijingTime(new Date(idea.updatedAt)),
  linked_memos: [],
  linked_count: 0,
});

/** A refusal answered in flomo's shape before anything is written. */
class FlomoRefusal extends Error {
  readonly status: 400 | 405;
  constructor(status: 400 | 405, message: string) {
    super(message);
    this.status = status;
  }
}

const refuse = (status: 400 | 405, message: string) => new FlomoRefusal(status, message);

/** JSON `{content, content_type?}`, or the same fields as a form, as flomo accepts them. */
async function readMemo(c: Context<AppEnv>): Promise<{ content: unknown; contentType: unknown }> {
  const type = c.req.header("content-type") ?? "";
  if (/application\/x-www-form-urlencoded|multipart\/form-data/i.test(type)) {
    const form = await c.req.parseBody().catch((err) => {
      if (err instanceof ApiError) throw err; // the body bound
      throw refuse(400, "表单无法解析");
    });
    return { content: form.content, contentType: form.content_type };
  }
  const body = await c.req.json().catch((err) => {
    if (err instanceof ApiError) throw err; // the body bound
    throw refuse(400, '请求体须为 JSON：{"content": "…"}，或表单字段 content');
  });
  if (!body || typeof body !== "object") throw refuse(400, '请求体须为 JSON：{"content": "…"}');
  return { content: body.content, contentType: body.content_type };
}

/**
 * flomo's incoming API (`POST https://flomoapp.com/iwh/{user}/{key}/`), so the 快捷指令, Raycast and
 * Alfred commands, browser extensions and MCP servers written for it capture here unchanged: the
 * access token (capture or write) takes the key's place, and a flomo-shaped URL with anything in
 * the user's place works too. Answers in flomo's shape, `code` 0 or -1, never our envelope.
 */
export function flomoRoutes() {
  const app = new Hono<AppEnv>();
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    const token = c.req.param("token")!;
    // only an access token: a session must never travel in a URL, which lands in logs and history
    if (!isAccessToken(token)) throw unauthorized();
    signIn(c, await callerOf(c, token, "capture"));
    await next();
  };
  const capture = async (c: Context<AppEnv>) => {
    const { auth, deps } = c.var;
    const { content, contentType } = await readMemo(c);
    if (contentType !== undefined && contentType !== "markdown" && contentType !== "text")
      throw refuse(400, "content_type 只能是 markdown 或 text");
    // Markdown is what 拾念 stores; plain text is kept as typed (its # tags are tags either way).
    const parsed = CreateIdeaRequestSchema.pick({ content: true }).safeParse({ content });
    if (!parsed.success) throw refuse(400, parsed.error.issues[0]?.message ?? "请输入内容");
    await limitWrites(deps, auth.userId, "captures");
    const { idea } = await captureIdea(deps, auth, { content: parsed.data.content });
    return c.json({ code: 0, message: "已记录", memo: flomoMemo(idea) });
  };
  const bounded = limitBody(() => SIGNED_IN_BODY_LIMIT);
  for (const path of ["/iwh/:token", "/iwh/:token/", "/iwh/:user/:token", "/iwh/:user/:token/"])
    app.post(path, guard, bounded, capture);
  app.all("/iwh/*", () => {
    throw refuse(405, '请用 POST 发送 {"content": "…"}');
  });
  app.onError((err, c) => {
    if (err instanceof FlomoRefusal) return c.json({ code: -1, message: err.message }, err.status);
    if (!(err instanceof ApiError)) {
      c.var.logger.error("unhandled error", { err });
      return c.json({ code: -1, message: "服务器内部错误，请稍后再试" }, 500);
    }
    for (const [k, v] of Object.entries(err.extra.headers ?? {})) c.header(k, v);
    const message = err.code === "UNAUTHORIZED" ? "令牌无效、已吊销或已过期" : err.message;
    return c.json({ code: -1, message }, err.status as ContentfulStatusCode);
  });
  return app;
}
