import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { notFound } from "../errors.ts";
import { mount } from "../lib/endpoint.ts";
import { listTrash, purgeTrash, restoreFromTrash } from "../stores/trash.ts";

export function trashRoutes(app: Hono<AppEnv>) {
  mount(app, "listTrash", async (c) => {
    const keepDays = c.var.deps.config.trashDays;
    return { data: { items: await listTrash(c.var.deps.db, c.var.auth.userId, keepDays), keepDays } };
  });
  mount(app, "restoreFromTrash", async (c, { params }) => {
    const restored = await restoreFromTrash(c.var.deps.db, c.var.auth.userId, params.id);
    if (!restored) throw notFound("回收站里没有这一条");
    return { message: restored.type === "idea" ? "想法已恢复" : "笔记已恢复", data: restored };
  });
  mount(app, "deleteFromTrash", async (c, { params }) => {
    const gone = await purgeTrash(c.var.deps.db, { userId: c.var.auth.userId, id: params.id });
    if (!gone) throw notFound("回收站里没有这一条");
    return { message: "已彻底删除", data: null };
  });
  mount(app, "emptyTrash", async (c) => ({
    message: "回收站已清空",
    data: { deleted: await purgeTrash(c.var.deps.db, { userId: c.var.auth.userId }) },
  }));
}
