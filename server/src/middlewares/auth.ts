import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { ApiError, unauthorized } from "../errors.ts";
import { clientAddress } from "../lib/client-address.ts";
import { findSession } from "../stores/accounts.ts";
import { findCaptureToken, isCaptureToken } from "../stores/capture-tokens.ts";

export function bearerToken(c: Context): string | null {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match ? match[1]! : null;
}

const captureTokenRefused = () => new ApiError("FORBIDDEN", "该令牌只能用于记录想法，请登录后再操作");

/**
 * Resolves the Bearer token to whoever is asking. A session token must be a live session (only its
 * sha256 is stored); its 30-day expiry slides, written at most once a minute per session in the
 * same round trip, so reads stay cheap.
 *
 * A capture token (sn_cap_…) is a live, unrevoked capture token. It is refused with 403 unless the
 * route opts in with `allowCaptureToken` — the single place that decides where one may be used —
 * so that a token pasted into a phone shortcut can create ideas and do nothing else. An unknown or
 * revoked one is a 401, like an unknown session.
 */
export function authGuard(opts: { allowCaptureToken?: boolean } = {}): MiddlewareHandler<AppEnv> {
  const allowCaptureToken = opts.allowCaptureToken ?? false;
  return async (c, next) => {
    const token = bearerToken(c);
    if (!token) throw unauthorized();
    const { db } = c.var.deps;
    if (isCaptureToken(token)) {
      const capture = await findCaptureToken(db, token, allowCaptureToken);
      if (!capture) throw unauthorized();
      if (!allowCaptureToken) throw captureTokenRefused();
      c.set("auth", { via: "capture-token", userId: capture.userId, captureTokenId: capture.id });
      c.set("logger", c.var.logger.child({ userId: capture.userId, captureTokenId: capture.id }));
      return next();
    }
    const session = await findSession(db, token, c.var.deps.config.sessionMaxAgeMs);
    if (!session) throw unauthorized();
    c.set("auth", { via: "session", userId: session.userId, sessionId: session.id });
    c.set("logger", c.var.logger.child({ userId: session.userId }));
    await next();
  };
}

/**
 * The caller's session id, on a route whose contract endpoint does not let capture tokens in (its
 * guard refuses them, so this never throws there; the check makes the type say so).
 */
export function sessionIdOf(c: Context<AppEnv>): string {
  const { auth } = c.var;
  if (auth.via !== "session") throw captureTokenRefused();
  return auth.sessionId;
}

/**
 * The client's address: the socket's peer, or through the proxies TRUST_PROXY trusts, the
 * rightmost X-Forwarded-For entry none of them wrote (lib/client-address.ts). Entries further
 * left are whatever the client sent: taking them would let anyone pick a fresh address per
 * request and dodge the per-client throttles.
 */
export function clientIp(c: Context<AppEnv>): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return clientAddress(
    incoming?.socket?.remoteAddress,
    c.req.header("x-forwarded-for"),
    c.var.deps.config.trustProxy,
  );
}
