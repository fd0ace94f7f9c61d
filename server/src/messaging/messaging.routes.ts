import { BIND_CODE_TTL_MINUTES, type MessagingPlatform } from "@shinian/contract";
import { notFound } from "../errors.ts";
import type { Mount } from "../http/mount.ts";
import { limitWrites } from "../points/write-limits.ts";
import { deleteBinding, issueBindCode, listBindings } from "./bindings.store.ts";

/** 个人资料 → 微信与 Telegram. Session only: a token never binds a chat account. */
export function messagingRoutes(mount: Mount) {
  mount("listMessagingBindings", async ({ deps, userId }) => {
    const platforms: MessagingPlatform[] = [
      ...(deps.config.wechat ? (["wechat"] as const) : []),
      ...(deps.config.telegram ? (["telegram"] as const) : []),
    ];
    return { data: { platforms, items: await listBindings(deps.db, userId) } };
  });
  mount("createBindCode", async ({ deps, userId }) => {
    // each code is a fresh chance to guess for someone else's chat: not on a loop
    await limitWrites(deps, userId, "webdavTests", "获取绑定码");
    const { code, expiresAt } = await issueBindCode(
      deps.db,
      userId,
      BIND_CODE_TTL_MINUTES * 60_000,
      deps.config.messaging.codeDraws,
    );
    return {
      message: `绑定码 ${BIND_CODE_TTL_MINUTES} 分钟内有效`,
      data: { code, expiresAt: expiresAt.toISOString() },
    };
  });
  mount("deleteMessagingBinding", async ({ deps, userId, params }) => {
    if (!(await deleteBinding(deps.db, userId, params.id))) throw notFound("绑定不存在");
    return { message: "已解除绑定", data: null };
  });
}
