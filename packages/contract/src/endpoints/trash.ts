import { routes } from "../routes.ts";
import { EmptiedSchema, RestoredSchema, TrashListSchema } from "../trash.ts";
import type { Endpoint } from "./endpoint.ts";

export const trashEndpoints = {
  listTrash: {
    ...routes.listTrash,
    tag: "回收站",
    summary: "回收站：删除的想法与笔记，最近删除的在前（最多 500 条），保留期满后彻底删除",
    auth: true,
    data: TrashListSchema,
  },
  restoreFromTrash: {
    ...routes.restoreFromTrash,
    tag: "回收站",
    summary: "恢复一条想法或笔记（原样回到原处，连同 AI 整理版本）",
    auth: true,
    data: RestoredSchema,
    errors: [404],
  },
  deleteFromTrash: {
    ...routes.deleteFromTrash,
    tag: "回收站",
    summary: "彻底删除回收站中的一条（无法恢复）",
    auth: true,
    data: null,
    errors: [404],
  },
  emptyTrash: {
    ...routes.emptyTrash,
    tag: "回收站",
    summary: "清空回收站（无法恢复）",
    auth: true,
    data: EmptiedSchema,
  },
} satisfies Record<string, Endpoint>;
