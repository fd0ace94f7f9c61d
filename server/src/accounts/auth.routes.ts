import { createHash } from "node:crypto";
import type { AccessToken } from "@shinian/contract";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { ApiError, notFound } from "../errors.ts";
import { throttleKeyOf } from "../http/client-address.ts";
import type { Mount } from "../http/mount.ts";
import { unreadDigests } from "../insights/digests.store.ts";
import { WEBDAV_STOPPED_NOTE } from "../webdav/pause-on-new-password.ts";
import { createAccessToken, listAccessTokens, revokeAccessToken } from "./access-tokens.store.ts";
import { deleteSession, deleteSessionOf, getUser, listSessions } from "./accounts.store.ts";
import { type Client, changePassword, deleteAccount, login, register } from "./accounts.ts";
import { resetPassword } from "./password-reset.ts";
import { clientIp, sessionIdOf } from "./session-guard.ts";

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

export function authRoutes(mount: Mount) {
  mount("register", async ({ c, deps, body }) => {
    const result = await register(deps, body, clientOf(c));
    if (!result) throw new ApiError("CONFLICT", "该账号无法注册，请直接登录或换一个账号");
    c.var.logger.info("user registered", { userId: result.user.id });
    return { message: "注册成功", data: result };
  });
  mount("login", async ({ c, deps, body }) => {
    const client = clientOf(c);
    const who = { ip: client.ip, accountRef: accountRef(body.account) };
    const result = await login(deps, body, client).catch((err: unknown) => {
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
  mount("authOptions", async ({ deps }) => ({
    data: { registration: deps.config.registration, adminContact: deps.config.adminContact },
  }));
  mount("resetPassword", async ({ c, deps, body }) => {
    const { webdavStopped } = await resetPassword(deps, body, clientOf(c).throttleKey);
    c.var.logger.info("password reset by link; every session and access token revoked");
    const note = webdavStopped ? `；${WEBDAV_STOPPED_NOTE}` : "";
    return { message: `密码已重置，请用新密码登录${note}`, data: null };
  });
  mount("logout", async ({ c, deps }) => {
    await deleteSession(deps.db, sessionIdOf(c));
    return { message: "已退出登录", data: null };
  });
  mount("me", async ({ deps, userId }) => {
    const [user, unread] = await Promise.all([getUser(deps.db, userId), unreadDigests(deps.db, userId)]);
    return { data: { ...user, unreadDigests: unread } };
  });
  mount("listSessions", async ({ c, deps, userId }) => ({
    data: { items: await listSessions(deps.db, userId, sessionIdOf(c)) },
  }));
  mount("deleteSession", async ({ deps, userId, params: { id } }) => {
    if (!(await deleteSessionOf(deps.db, userId, id))) throw notFound("会话不存在或已失效");
    return { message: "已注销该设备的登录", data: null };
  });
  mount("changePassword", async ({ c, deps, userId, body }) => {
    const auth = { userId, sessionId: sessionIdOf(c) };
    const passwords = { current: body.currentPassword, next: body.newPassword };
    const changed = await changePassword(deps, auth, passwords);
    if (!changed) throw wrongPassword("currentPassword", "当前密码不正确");
    c.var.logger.info("password changed; other sessions and access tokens revoked");
    const note = changed.webdavStopped ? `；${WEBDAV_STOPPED_NOTE}` : "";
    return { message: `密码已修改，其他设备已退出登录，记录令牌已全部吊销${note}`, data: null };
  });
  mount("listAccessTokens", async ({ deps, userId }) => ({
    data: { items: await listAccessTokens(deps.db, userId) },
  }));
  mount("createAccessToken", async ({ c, deps, userId, body }) => {
    const data = await createAccessToken(deps.db, userId, body);
    c.var.logger.info("access token created", { tokenId: data.id, scope: data.scope });
    return { message: "令牌已创建，请立即复制，它只显示这一次", data };
  });
  mount("revokeAccessToken", async ({ c, deps, userId, params }) => {
    if (!(await revokeAccessToken(deps.db, userId, params.id))) throw notFound("令牌不存在或已吊销");
    c.var.logger.info("access token revoked", { tokenId: params.id });
    return { message: "令牌已吊销", data: null };
  });
  // The older capture-token calls: the same tokens, `capture` scope only, in their first shape.
  const firstShape = ({ id, name, createdAt, lastUsedAt }: AccessToken) => ({
    id,
    name,
    createdAt,
    lastUsedAt,
  });
  mount("listCaptureTokens", async ({ deps, userId }) => ({
    data: { items: (await listAccessTokens(deps.db, userId, "capture")).map(firstShape) },
  }));
  mount("createCaptureToken", async ({ c, deps, userId, body }) => {
    const made = await createAccessToken(deps.db, userId, { name: body.name, scope: "capture" });
    c.var.logger.info("access token created", { tokenId: made.id, scope: made.scope });
    return {
      message: "令牌已创建，请立即复制，它只显示这一次",
      data: { ...firstShape(made), token: made.token },
    };
  });
  mount("revokeCaptureToken", async ({ deps, userId, params }) => {
    if (!(await revokeAccessToken(deps.db, userId, params.id, "capture")))
      throw notFound("令牌不存在或已吊销");
    return { message: "令牌已吊销", data: null };
  });
}

export const accountRoutes = (mount: Mount) =>
  mount("deleteAccount", async ({ c, deps, userId, body }) => {
    const auth = { userId, sessionId: sessionIdOf(c) };
    if (!(await deleteAccount(deps, auth, body.password))) throw wrongPassword("password", "密码不正确");
    c.var.logger.info("account deleted");
    return { message: "账号及全部数据已永久删除", data: null };
  });
