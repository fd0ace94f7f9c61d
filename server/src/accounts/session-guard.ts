import { scopeAllows, TOKEN_SCOPE_LABELS, type TokenScope } from "@shinian/contract";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { ApiError, unauthorized } from "../errors.ts";
import { clientAddress } from "../http/client-address.ts";
import { findAccessToken, isAccessToken } from "./access-tokens.store.ts";
import { findSession } from "./accounts.store.ts";
import { describeClient } from "./describe-device.ts";

export function bearerToken(c: Context): string | null {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match ? match[1]! : null;
}

const tokenRefused = (need: TokenScope | undefined) =>
  new ApiError(
    "FORBIDDEN",
    need
      ? `该令牌的权限不够（需要「${TOKEN_SCOPE_LABELS[need]}」），请换一个令牌或登录后再操作`
      : "访问令牌不能用于此操作，请登录后再操作",
  );

export type Caller = AppEnv["Variables"]["auth"];

/**
 * Who is asking: a live session (only its sha256 is stored; its expiry slides, written at most once
 * a minute in the same round trip, so reads stay cheap), or a live access token whose scope covers
 * `tokenScope`. A token on a call without `tokenScope`, or with too small a scope, is a 403; an
 * unknown, revoked or expired Bearer a 401. Foreign-shaped APIs (flomo, memos, MCP) call this and
 * shape the error themselves; native endpoints get it through `authGuard`.
 */
export async function authenticate(c: Context<AppEnv>, tokenScope?: TokenScope): Promise<Caller> {
  const token = bearerToken(c);
  if (!token) throw unauthorized();
  return callerOf(c, token, tokenScope);
}

/** `authenticate` for a token that came some other way than the Authorization header (flomo's URL). */
export async function callerOf(c: Context<AppEnv>, token: string, tokenScope?: TokenScope): Promise<Caller> {
  const { db, config } = c.var.deps;
  if (isAccessToken(token)) {
    const by = describeClient(c.req.header("user-agent") ?? "");
    const found = await findAccessToken(db, token, tokenScope ? { need: tokenScope, by } : null);
    if (!found) throw unauthorized();
    if (!tokenScope || !scopeAllows(found.scope, tokenScope)) throw tokenRefused(tokenScope);
    return {
      via: "token",
      userId: found.userId,
      tokenId: found.id,
      scope: found.scope,
      autoTidy: found.autoTidy,
    };
  }
  const session = await findSession(db, token, config.sessionMaxAgeMs);
  if (!session) throw unauthorized();
  return { via: "session", userId: session.userId, sessionId: session.id, autoTidy: session.autoTidy };
}

/** Sets `auth` and the request logger's caller; the guard of every signed-in native endpoint. */
export function authGuard(opts: { tokenScope?: TokenScope | undefined } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    signIn(c, await authenticate(c, opts.tokenScope));
    await next();
  };
}

export function signIn(c: Context<AppEnv>, caller: Caller): void {
  c.set("auth", caller);
  c.set(
    "logger",
    c.var.logger.child(
      caller.via === "token" ? { userId: caller.userId, tokenId: caller.tokenId } : { userId: caller.userId },
    ),
  );
}

/**
 * The caller's session id, on a route whose contract endpoint lets no token in (its guard refuses
 * them, so this never throws there; the check makes the type say so).
 */
export function sessionIdOf(c: Context<AppEnv>): string {
  const { auth } = c.var;
  if (auth.via !== "session") throw tokenRefused(undefined);
  return auth.sessionId;
}

/**
 * The client's address: the socket's peer, or through the proxies TRUST_PROXY trusts, the
 * rightmost X-Forwarded-For entry none of them wrote (http/client-address.ts). Entries further
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
