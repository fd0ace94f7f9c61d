import { notFound } from "../errors.ts";
import type { Mount } from "../http/mount.ts";
import { listTrash, purgeTrash, restoreFromTrash } from "./trash.store.ts";

export function trashRoutes(mount: Mount) {
  mount("listTrash", async ({ deps, userId }) => {
    const keepDays = deps.config.trashDays;
    return { data: { items: await listTrash(deps.db, userId, keepDays), keepDays } };
  });
  mount("restoreFromTrash", async ({ deps, userId, params }) => {
    const restored = await restoreFromTrash(deps.db, userId, params.id);
    if (!restored) throw notFound("回收站里没有这一条");
    return { message: restored.type === "idea" ? "想法已恢复" : "笔记已恢复", data: restored };
  });
  mount("deleteFromTrash", async ({ deps, userId, params }) => {
    const gone = await purgeTrash(deps.db, { userId, id: params.id });
    if (!gone) throw notFound("回收站里没有这一条");
    return { message: "已彻底删除", data: null };
  });
  mount("emptyTrash", async ({ deps, userId }) => ({
    message: "回收站已清空",
    data: { deleted: await purgeTrash(deps.db, { userId }) },
  }));
}
