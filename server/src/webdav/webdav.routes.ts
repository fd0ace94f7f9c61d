import { sessionIdOf } from "../accounts/session-guard.ts";
import type { Mount } from "../http/mount.ts";
import { limitWrites } from "../points/write-limits.ts";
import { runDueWebdavSoon } from "./scheduler.ts";
import {
  requestWebdavBackup,
  saveWebdavSettings,
  testWebdavSettings,
  toStatus,
  webdavStatus,
} from "./settings.ts";
import { deleteWebdav } from "./webdav.store.ts";

/** 定时备份到 WebDAV, on /profile. */
export function webdavRoutes(mount: Mount) {
  mount("getWebdav", async ({ deps, userId }) => ({ data: await webdavStatus(deps, userId) }));
  mount("updateWebdav", async ({ c, deps, userId, body }) => ({
    message: "WebDAV 备份设置已保存",
    data: await saveWebdavSettings(deps, { userId, sessionId: sessionIdOf(c) }, body),
  }));
  mount("deleteWebdav", async ({ deps, userId }) => {
    await deleteWebdav(deps.db, userId);
    return { message: "WebDAV 备份设置已删除", data: toStatus(deps, undefined) };
  });
  mount("testWebdav", async ({ deps, userId, body }) => {
    await limitWrites(deps, userId, "webdavTests");
    return { data: await testWebdavSettings(deps, userId, body) };
  });
  mount("runWebdav", async ({ deps, userId }) => {
    // each run is a whole export sent out: bounded like an upload, also when runs keep failing
    await limitWrites(deps, userId, "uploads");
    await requestWebdavBackup(deps, userId);
    runDueWebdavSoon(deps);
    return { message: "已开始备份", data: await webdavStatus(deps, userId) };
  });
}
