import { notFound } from "../errors.ts";
import type { Mount } from "../http/mount.ts";
import { limitWrites } from "../points/write-limits.ts";
import { createChannel, editChannel, pushStatus, testChannel } from "./channels.ts";
import { deleteChannel, getSettings, saveSettings } from "./push.store.ts";

/** /profile → 提醒与推送. Session only: a token never chooses where the notes are sent. */
export function pushRoutes(mount: Mount) {
  mount("getPush", async ({ deps, userId }) => ({ data: await pushStatus(deps, userId) }));
  mount("updatePushSettings", async ({ deps, userId, body }) => {
    const settings = { ...(await getSettings(deps.db, userId)), ...body };
    await saveSettings(deps.db, userId, settings);
    return { message: "推送设置已保存", data: settings };
  });
  mount("createPushChannel", async ({ deps, userId, body }) => ({
    message: "推送渠道已添加",
    data: await createChannel(deps, userId, body),
  }));
  mount("updatePushChannel", async ({ deps, userId, params, body }) => ({
    message: "推送渠道已保存",
    data: await editChannel(deps, userId, params.id, body),
  }));
  mount("deletePushChannel", async ({ deps, userId, params }) => {
    if (!(await deleteChannel(deps.db, userId, params.id))) throw notFound("推送渠道不存在");
    return { message: "推送渠道已删除", data: null };
  });
  mount("testPushChannel", async ({ deps, userId, params }) => {
    // the server connects where it is told: bounded per account as WebDAV's 测试连接 is
    await limitWrites(deps, userId, "webdavTests", "发送测试消息");
    return { data: await testChannel(deps, userId, params.id) };
  });
}
