import { randomBytes } from "node:crypto";
import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import type { Queryable } from "../db/pool.ts";
import { tx } from "../db/pool.ts";
import { ApiError, notFound, unauthorized } from "../errors.ts";
import { mount } from "../lib/endpoint.ts";
import { hashToken } from "../lib/token-hash.ts";
import { clientIp, SESSION_DAYS, sessionIdOf } from "../middlewares/auth.ts";
import {
  createCaptureToken,
  listCaptureTokens,
  revokeAllCaptureTokens,
  revokeCaptureToken,
} from "../services/capture-tokens.ts";
import { attemptSucceeded, beginAttempt, registerRule, throttleKeys } from "../services/login-throttle.ts";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "../services/password.ts";
import { grant } from "../services/points.ts";
import { defaultNickname, getUser } from "../services/users.ts";

async function createSession(db: Queryable, userId: string, userAgent: string, ip: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.query(
    `INSERT INTO sessions (user_id, token_hash, user_agent, ip, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(days => $5))`,
    [userId, hashToken(token), userAgent.slice(0, 300), ip, SESSION_DAYS],
  );
  return token;
}

export function authRoutes(app: Hono<AppEnv>) {
  mount(app, "register", async (c, { body: input }) => {
    const { db, config } = c.var.deps;
    // counted whether or not the account is new: the rows stay for the window
    await beginAttempt(db, [`register:${clientIp(c)}`], registerRule(config.registerPerIpPerHour));
    const passwordHash = await hashPassword(input.password, config.passwordHashCost);
    const ua = c.req.header("user-agent") ?? "";
    const result = await tx(db, async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO users (account, password_hash, nickname) VALUES ($1, $2, $3)
         ON CONFLICT (account) DO NOTHING RETURNING id`,
        [input.account, passwordHash, defaultNickname(input.account)],
      );
      const id = rows[0]?.id;
      if (!id) return null;
      if (config.points.registerBonus > 0)
        await grant(client, id, config.points.registerBonus, "register_bonus", "注册赠送");
      else await client.query("INSERT INTO points_balances (user_id, balance) VALUES ($1, 0)", [id]);
      const token = await createSession(client, id, ua, clientIp(c));
      return { token, user: await getUser(client, id) };
    });
    if (!result) throw new ApiError("CONFLICT", "该账号无法注册，请直接登录或换一个账号");
    c.var.logger.info("user registered", { userId: result.user.id });
    return { message: "注册成功", data: result };
  });
  mount(app, "login", async (c, { body: input }) => {
    const { db, config } = c.var.deps;
    const ip = clientIp(c);
    const attempt = await beginAttempt(db, throttleKeys(input.account, ip));
    const { rows } = await db.query<{ id: string; password_hash: string }>(
      "SELECT id, password_hash FROM users WHERE account = $1",
      [input.account],
    );
    const row = rows[0];
    const ok = row
      ? await verifyPassword(input.password, row.password_hash)
      : await verifyAgainstDummy(input.password, config.passwordHashCost);
    if (!row || !ok) {
      c.var.logger.info("login failed", { ip });
      throw new ApiError("UNAUTHORIZED", "账号或密码错误");
    }
    await attemptSucceeded(db, attempt);
    if (needsRehash(row.password_hash, config.passwordHashCost)) {
      // Only when the stored hash is still the one just verified (no concurrent password change).
      await db.query("UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2", [
        row.id,
        row.password_hash,
        await hashPassword(input.password, config.passwordHashCost),
      ]);
    }
    const token = await createSession(db, row.id, c.req.header("user-agent") ?? "", ip);
    return { message: "登录成功", data: { token, user: await getUser(db, row.id) } };
  });
  mount(app, "logout", async (c) => {
    await c.var.deps.db.query("DELETE FROM sessions WHERE id = $1", [sessionIdOf(c)]);
    return { message: "已退出登录", data: null };
  });
  mount(app, "me", async (c) => ({ data: await getUser(c.var.deps.db, c.var.auth.userId) }));
  mount(app, "listSessions", async (c) => {
    const { rows } = await c.var.deps.db.query<{
      id: string;
      user_agent: string;
      ip: string | null;
      created_at: Date;
      last_seen_at: Date;
      expires_at: Date;
    }>(
      `SELECT id, user_agent, ip, created_at, last_seen_at, expires_at FROM sessions
       WHERE user_id = $1 AND expires_at > now() ORDER BY last_seen_at DESC, id`,
      [c.var.auth.userId],
    );
    const current = sessionIdOf(c);
    const items = rows.map((r) => ({
      id: r.id,
      device: describeDevice(r.user_agent),
      ip: r.ip,
      createdAt: r.created_at.toISOString(),
      lastSeenAt: r.last_seen_at.toISOString(),
      expiresAt: r.expires_at.toISOString(),
      current: r.id === current,
    }));
    return { data: { items } };
  });
  mount(app, "deleteSession", async (c, { params: { id } }) => {
    const { rowCount } = await c.var.deps.db.query("DELETE FROM sessions WHERE id = $1 AND user_id = $2", [
      id,
      c.var.auth.userId,
    ]);
    if (!rowCount) throw notFound("会话不存在或已失效");
    return { message: "已注销该设备的登录", data: null };
  });
  mount(app, "changePassword", async (c, { body: input }) => {
    const { db, config } = c.var.deps;
    const { userId } = c.var.auth;
    const sessionId = sessionIdOf(c);
    const { rows } = await db.query<{ password_hash: string; account: string }>(
      "SELECT password_hash, account FROM users WHERE id = $1",
      [userId],
    );
    if (!rows[0]) throw unauthorized();
    // The current password is a password guess like a login's: same throttle, same counters.
    const attempt = await beginAttempt(db, throttleKeys(rows[0].account, clientIp(c)));
    if (!(await verifyPassword(input.currentPassword, rows[0].password_hash))) {
      throw new ApiError("VALIDATION_ERROR", "当前密码不正确", {
        issues: [{ path: "currentPassword", message: "当前密码不正确" }],
      });
    }
    await attemptSucceeded(db, attempt);
    const hash = await hashPassword(input.newPassword, config.passwordHashCost);
    await tx(db, async (client) => {
      await client.query("UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1", [
        userId,
        hash,
      ]);
      await client.query("DELETE FROM sessions WHERE user_id = $1 AND id <> $2", [userId, sessionId]);
      // A capture token is a standing key to the account, like a session: whoever changes the
      // password because it may be known to someone else wants those keys gone too.
      await revokeAllCaptureTokens(client, userId);
    });
    c.var.logger.info("password changed; other sessions and capture tokens revoked");
    return { message: "密码已修改，其他设备已退出登录，记录令牌已全部吊销", data: null };
  });
  mount(app, "listCaptureTokens", async (c) => ({
    data: { items: await listCaptureTokens(c.var.deps.db, c.var.auth.userId) },
  }));
  mount(app, "createCaptureToken", async (c, { body }) => {
    const data = await createCaptureToken(c.var.deps.db, c.var.auth.userId, body.name);
    c.var.logger.info("capture token created", { captureTokenId: data.id });
    return { message: "令牌已创建，请立即复制，它只显示这一次", data };
  });
  mount(app, "revokeCaptureToken", async (c, { params }) => {
    if (!(await revokeCaptureToken(c.var.deps.db, c.var.auth.userId, params.id)))
      throw notFound("令牌不存在或已吊销");
    return { message: "令牌已吊销", data: null };
  });
}

export const accountRoutes = (app: Hono<AppEnv>) =>
  mount(app, "deleteAccount", async (c, { body: input }) => {
    const { db } = c.var.deps;
    const { userId } = c.var.auth;
    const { rows } = await db.query<{ password_hash: string; account: string }>(
      "SELECT password_hash, account FROM users WHERE id = $1",
      [userId],
    );
    if (!rows[0]) throw unauthorized();
    const account = rows[0].account;
    const attempt = await beginAttempt(db, throttleKeys(account, clientIp(c)));
    if (!(await verifyPassword(input.password, rows[0].password_hash))) {
      throw new ApiError("VALIDATION_ERROR", "密码不正确", {
        issues: [{ path: "password", message: "密码不正确" }],
      });
    }
    // Every user-owned table references users ON DELETE CASCADE: one delete removes it all.
    await tx(db, async (client) => {
      await client.query("DELETE FROM users WHERE id = $1", [userId]);
      await attemptSucceeded(client, attempt);
    });
    c.var.logger.info("account deleted");
    return { message: "账号及全部数据已永久删除", data: null };
  });

function describeDevice(ua: string): string {
  if (!ua) return "未知设备";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  const os = /iPhone|iPad/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
      ? "Android"
      : /Mac OS X/.test(ua)
        ? "macOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  if (browser && os) return `${browser} · ${os}`;
  return browser ?? os ?? ua.slice(0, 60);
}
