import { createHash } from "node:crypto";
import type { Context, Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { ApiError, notFound } from "../errors.ts";
import { throttleKeyOf } from "../lib/client-address.ts";
import { mount } from "../lib/endpoint.ts";
import { clientIp, sessionIdOf } from "../middlewares/auth.ts";
import { type Client, changePassword, deleteAccount, login, register } from "../services/accounts.ts";
import { resetPassword } from "../services/password-reset.ts";
import { WEBDAV_STOPPED_NOTE } from "../services/webdav/pause-on-new-password.ts";
import { deleteSession, deleteSessionOf, getUser, listSessions } from "../stores/accounts.ts";
import { createCaptureToken, listCaptureTokens, revokeCaptureToken } from "../stores/capture-tokens.ts";

const clientOf = (c: Context<AppEnv>): Client => {
  const ip = clientIp(c);
  return { ip, throttleKey: throttleKeyOf(ip), userAgent: c.req.header("user-agent") ?? "" };
};

/**
 * How a log line names the account a failed login was for: enough to see one account being
 * guessed at from many addresses, without writing what someone typed (it may not be an account,
 * and often is someone else's) into the logs.
 */
const accountRef = (account: string) => createHash("sha256").update(account).digest("hex").slice(0, 16);

const wrongPassword = (path: string, message: string) =>
  new ApiError("VALIDATION_ERROR", message, { issues: [{ path, message }] });

export function authRoutes(app: Hono<AppEnv>) {
  mount(app, "register", async (c, { body }) => {
    const result = await register(c.var.deps, body, clientOf(c));
    if (!result) throw new ApiError("CONFLICT", "该账号无法注册，请直接登录或换一个账号");
    c.var.logger.info("user registered", { userId: result.user.id });
    return { message: "注册成功", data: result };
  });
  mount(app, "login", async (c, { body }) => {
    const client = clientOf(c);
    const who = { ip: client.ip, accountRef: accountRef(body.account) };
    const result = await login(c.var.deps, body, client).catch((err: unknown) => {
      if (err instanceof ApiError && err.code === "RATE_LIMITED")
        c.var.logger.warn("login refused: too many failures", {
          ...who,
          retryAfter: err.extra.headers?.["Retry-After"],
        });
      throw err;
    });
    if (!result) {
      c.var.logger.info("login failed", who);
      throw new ApiError("UNAUTHORIZED", "账号或密码错误");
    }
    c.var.logger.info("login succeeded", { ip: client.ip, userId: result.user.id });
    return { message: "登录成功", data: result };
  });
  mount(app, "authOptions", async (c) => ({
    data: { registration: c.var.deps.config.registration, adminContact: c.var.deps.config.adminContact },
  }));
  mount(app, "resetPassword", async (c, { body }) => {
    const { webdavStopped } = await resetPassword(c.var.deps, body, clientOf(c).throttleKey);
    c.var.logger.info("password reset by link; every session and capture token revoked");
    const note = webdavStopped ? `；${WEBDAV_STOPPED_NOTE}` : "";
    return { message: `密码已重置，请用新密码登录${note}`, data: null };
  });
  mount(app, "logout", async (c) => {
    await deleteSession(c.var.deps.db, sessionIdOf(c));
    return { message: "已退出登录", data: null };
  });
  mount(app, "me", async (c) => ({ data: await getUser(c.var.deps.db, c.var.auth.userId) }));
  mount(app, "listSessions", async (c) => ({
    data: { items: await listSessions(c.var.deps.db, c.var.auth.userId, sessionIdOf(c)) },
  }));
  mount(app, "deleteSession", async (c, { params: { id } }) => {
    if (!(await deleteSessionOf(c.var.deps.db, c.var.auth.userId, id))) throw notFound("会话不存在或已失效");
    return { message: "已注销该设备的登录", data: null };
  });
  mount(app, "changePassword", async (c, { body }) => {
    const auth = { userId: c.var.auth.userId, sessionId: sessionIdOf(c) };
    const passwords = { current: body.currentPassword, next: body.newPassword };
    const changed = await changePassword(c.var.deps, auth, passwords);
    if (!changed) throw wrongPassword("currentPassword", "当前密码不正确");
    c.var.logger.info("password changed; other sessions and capture tokens revoked");
    const note = changed.webdavStopped ? `；${WEBDAV_STOPPED_NOTE}` : "";
    return { message: `密码已修改，其他设备已退出登录，记录令牌已全部吊销${note}`, data: null };
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
  mount(app, "deleteAccount", async (c, { body }) => {
    const auth = { userId: c.var.auth.userId, sessionId: sessionIdOf(c) };
    if (!(await deleteAccount(c.var.deps, auth, body.password)))
      throw wrongPassword("password", "密码不正确");
    c.var.logger.info("account deleted");
    return { message: "账号及全部数据已永久删除", data: null };
  });
