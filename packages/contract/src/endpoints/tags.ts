import { routes } from "../routes.ts";
import { RenameTagRequestSchema, RenameTagResultSchema, TagListSchema } from "../tag-schemas.ts";
import type { Endpoint } from "./endpoint.ts";

/** The tag list and renaming; the feed filters by tag (`?tag=`). */
export const tagEndpoints = {
  listTags: {
    ...routes.listTags,
    tag: "标签",
    summary:
      "标签列表与数量（`读书/小说` 式层级：上级的数量是带它或其下任一标签的条目数；不含回收站；最多 1000 个；数量多的在前，数量相同按拼音；含汉字的标签附拼音与首字母，供输入 # 时按拼音提示）",
    auth: true,
    data: TagListSchema,
  },
  renameTag: {
    ...routes.renameTag,
    tag: "标签",
    summary:
      "标签改名或合并（to 已存在即合并；下级随上级改名；条目正文里的 #标签 一起改写，原始想法不变；所有条目在一个事务里一起改；dryRun 只答会改动的条目数）",
    auth: true,
    body: RenameTagRequestSchema,
    data: RenameTagResultSchema,
    errors: [400],
  },
} satisfies Record<string, Endpoint>;
