import type { WingEndpoints } from "../endpoint.ts";
import { routes } from "../routes.ts";
import {
  RelatedResultSchema,
  SearchQuerySchema,
  SearchResultSchema,
  SimilarRequestSchema,
  SimilarResultSchema,
} from "./schemas.ts";

/** Search, and an idea's or a note's related items. */
export const searchEndpoints = {
  relatedToIdea: {
    ...routes.relatedToIdea,
    tag: "想法",
    summary: "相关内容：按共同的词（越少见的词分量越重）排出的其他想法和笔记，最多 5 条，附共同的词",
    auth: true,
    token: "read",
    data: RelatedResultSchema,
    errors: [404],
  },
  relatedToNote: {
    ...routes.relatedToNote,
    tag: "笔记",
    summary: "相关内容：按共同的词（越少见的词分量越重）排出的其他想法和笔记，最多 5 条，附共同的词",
    auth: true,
    token: "read",
    data: RelatedResultSchema,
    errors: [404],
  },
  search: {
    ...routes.search,
    tag: "首页",
    summary:
      "中文分词搜索（标题、内容、原始内容、标签；标题和标签也可用拼音全拼或首字母，内容的词也可用拼音全拼，繁体简体互通），带高亮区间；配置了向量模型时也按意思查找（matchedBy）",
    auth: true,
    token: "read",
    query: SearchQuerySchema,
    data: SearchResultSchema,
    errors: [429],
  },
  similarToDraft: {
    ...routes.similarToDraft,
    tag: "首页",
    summary:
      "你想过这个：正在输入的内容（至少 6 个字）与哪些以前的想法和笔记几乎说的是同一件事，最多 3 条，附理由（相同的词、同一话题、标签相同；配置了向量模型且内容未设为不让AI读取时也按意思）",
    auth: true,
    token: "read",
    body: SimilarRequestSchema,
    data: SimilarResultSchema,
    errors: [400, 429],
  },
} satisfies WingEndpoints<"search">;
