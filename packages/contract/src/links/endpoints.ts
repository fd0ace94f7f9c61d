import type { WingEndpoints } from "../endpoint.ts";
import { routes } from "../routes.ts";
import {
  BACKLINKS_MAX,
  BacklinksSchema,
  RESOLVE_LINKS_MAX,
  ResolvedLinksSchema,
  ResolveLinksRequestSchema,
} from "./schemas.ts";

/** Links between ideas and notes, written in their text as `[[idea:<uuid>]]` / `[[note:<uuid>]]`. */
export const linkEndpoints = {
  itemBacklinks: {
    ...routes.itemBacklinks,
    tag: "链接",
    summary: `被引用：正文里链接到这条想法或笔记（type 为 idea 或 note）的想法与笔记，新的在前，最多 ${BACKLINKS_MAX} 条，total 为总数；回收站里的不算，恢复后重新算入`,
    auth: true,
    token: "read",
    data: BacklinksSchema,
    errors: [404],
  },
  resolveLinks: {
    ...routes.resolveLinks,
    tag: "链接",
    summary: `查询链接指向的内容现在的标题与状态（live 正常、trash 在回收站、deleted 已删除），一次最多 ${RESOLVE_LINKS_MAX} 个；别人的内容一律为 deleted`,
    auth: true,
    token: "read",
    body: ResolveLinksRequestSchema,
    data: ResolvedLinksSchema,
    errors: [400],
  },
} satisfies WingEndpoints<"links">;
