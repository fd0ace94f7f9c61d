import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { mount } from "../lib/endpoint.ts";
import { sessionIdOf } from "../middlewares/auth.ts";
import { runDueWebdavSoon } from "../services/webdav/scheduler.ts";
import {
  requestWebdavBackup,
  saveWebdavSettings,
  testWebdavSettings,
  toStatus,
  webdavStatus,
} from "../services/webdav/settings.ts";
import { limitWrites } from "../services/write-limits.ts";
import { deleteWebdav } from "../stores/webdav.ts";

/** 定时备份到 WebDAV, on /profile. */
export function webdavRoutes(app: Hono<AppEnv>) {
  mount(app, "getWebdav", async (c) => ({ data: await webdavStatus(c.var.deps, c.var.auth.userId) }));
  mount(app, "updateWebdav", async (c, { body }) => ({
    message: "WebDAV 备份设置已保存",
    data: await saveWebdavSettings(
      c.var.deps,
      { userId: c.var.auth.userId, sessionId: sessionIdOf(c) },
      body,
    ),
  }));
  mount(app, "deleteWebdav", async (c) => {
    await deleteWebdav(c.var.deps.db, c.var.auth.userId);
    return { message: "WebDAV 备份设置已删除", data: toStatus(c.var.deps, undefined) };
  });
  mount(app, "testWebdav", async (c, { body }) => {
    await limitWrites(c.var.deps, c.var.auth.userId, "webdavTests");
    return { data: await testWebdavSettings(c.var.deps, c.var.auth.userId, body) };
  });
  mount(app, "runWebdav", async (c) => {
    // each run is a whole export sent out: bounded like an upload, also when runs keep failing
    await limitWrites(c.var.deps, c.var.auth.userId, "uploads");
    await requestWebdavBackup(c.var.deps, c.var.auth.userId);
    runDueWebdavSoon(c.var.deps);
    return { message: "已开始备份", data: await webdavStatus(c.var.deps, c.var.auth.userId) };
  });
}
