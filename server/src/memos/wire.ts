import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { z } from "zod";
import type { AppEnv } from "../context.ts";
import { ApiError } from "../errors.ts";
import { asQuotaRefusal } from "../points/quotas.ts";

/**
 * What memos' clients hold a server to (issue 32): RFC 3339 UTC at whole seconds, the same bytes on
 * every read; gRPC status errors `{code, message, details: []}` with a real HTTP status.
 */

/** The version reported: the newest both MoeMemos (0.27.0–0.29.1 by its check) and MemoFlow accept. */
export const MEMOS_VERSION = "0.29.1";

/** A stored time as memos writes it: whole seconds (fractions dropped), UTC, `Z`. */
export const wireTime = (at: Date | string) => `${new Date(at).toISOString().slice(0, 19)}Z`;

/** A client's time (MoeMemos Android sends fractions) at whole seconds, or undefined. */
export const wholeSeconds = (at: string | undefined) =>
  at === undefined ? undefined : new Date(Math.floor(Date.parse(at) / 1000) * 1000).toISOString();

/** gRPC codes by our HTTP status (google.rpc.Code). */
const GRPC_CODES: Record<number, number> = {
  400: 3, // INVALID_ARGUMENT
  401: 16, // UNAUTHENTICATED
  403: 7, // PERMISSION_DENIED
  404: 5, // NOT_FOUND
  408: 4, // DEADLINE_EXCEEDED
  409: 6, // ALREADY_EXISTS
  410: 5,
  413: 8, // RESOURCE_EXHAUSTED
  415: 3,
  429: 8,
  500: 13, // INTERNAL
  503: 14, // UNAVAILABLE
};

export const memosError = (c: Context, status: number, message: string) =>
  c.json({ code: GRPC_CODES[status] ?? 9, message, details: [] }, status as 400);

/** A zod refusal as a 400 with the first issue's message. */
export function invalid(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const where = issue?.path.length ? `${issue.path.join(".")}：` : "";
  return new ApiError("VALIDATION_ERROR", `${where}${issue?.message ?? "请求有误"}`);
}

/** The memos wing's error handler: our errors in memos' shape, never our envelope. */
export function answerError(thrown: Error, c: Context<AppEnv>) {
  const { deps } = c.var;
  const err = asQuotaRefusal(thrown, deps.config.quota) ?? thrown;
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.extra.headers ?? {})) c.header(k, v);
    return memosError(c, err.status, err.message);
  }
  if (err instanceof HTTPException && err.status < 500) return memosError(c, err.status, "请求有误");
  if ((err as { code?: unknown }).code === "57014") return memosError(c, 503, "服务繁忙，请稍后再试");
  c.var.logger.error("unhandled error", { err });
  return memosError(c, 500, "服务器内部错误，请稍后再试");
}
