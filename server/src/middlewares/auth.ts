import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { unauthorized } from "../errors.ts";

export const SESSION_DAYS = 30;

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest();

export function bearerToken(c: Context): string | null {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match ? match[1]! : null;
}

/**
 * Resolves the Bearer token to a live session (only its sha256 is stored) and slides its
 * 30-day expiry. The sliding write happens at most once a minute per session, in the same
 * round trip, so reads stay cheap.
 */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerToken(c);
  if (!token) throw unauthorized();
  const { db } = c.var.deps;
  const { rows } = await db.query<{ id: string; user_id: string }>({
    name: "auth",
    text: `WITH s AS (
       SELECT id, user_id, last_seen_at FROM sessions WHERE token_hash = $1 AND expires_at > now()),
     touch AS (
       UPDATE sessions SET last_seen_at = now(), expires_at = now() + make_interval(days => $2)
       FROM s WHERE sessions.id = s.id AND s.last_seen_at < now() - interval '60 seconds')
     SELECT id, user_id FROM s`,
    values: [hashToken(token), SESSION_DAYS],
  });
  const session = rows[0];
  if (!session) throw unauthorized();
  c.set("auth", { userId: session.user_id, sessionId: session.id });
  c.set("logger", c.var.logger.child({ userId: session.user_id }));
  await next();
};

/**
 * The client's IP: the socket's, or with TRUST_PROXY the LAST X-Forwarded-For entry — the one
 * our proxy appended. Entries before it are whatever the client sent and prove nothing; taking
 * the first would let anyone pick a fresh IP per request and dodge the per-IP throttle.
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.deps.config.trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}
