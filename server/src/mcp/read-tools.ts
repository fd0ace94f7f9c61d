import { TagSchema } from "@shinian/contract";
import { TAG_SEPARATOR } from "@shinian/contract/tag-paths";
import { z } from "zod";
import { listTags } from "../items/tags.store.ts";
import { reviewToday } from "../review/review.ts";
import { hybridSearch } from "../search/hybrid.ts";
import { relatedItems } from "../search/related.ts";
import { type ReadableFilter, readableItems } from "../search/search.store.ts";
import { inOrderOf, parseBound, toMcpItem } from "./items.ts";
import { defineTool, type ToolCtx, ToolRefusal } from "./tool.ts";

const NOT_FOUND = "想法或笔记不存在，或设置了不让AI读取 / Not found, or marked private from AI.";
/** A search with filters looks through this many matches for the ones that pass them. */
const FILTERED_POOL = 100;

const limitOf = (fallback: number) =>
  z
    .number()
    .int()
    .min(1)
    .max(50)
    .default(fallback)
    .describe("最多返回几条 / At most this many items (1–50).");
const filters = {
  tag: TagSchema.optional().describe(
    "只要带这个标签（或其下级标签）的 / Only items with this tag or one below it.",
  ),
  type: z.enum(["idea", "note"]).optional().describe("只要想法或只要笔记 / Only ideas, or only notes."),
  from: z
    .string()
    .max(40)
    .optional()
    .describe(
      "创建于此时或之后：YYYY-MM-DD（北京时间）或 ISO 8601 / Created at or after: a day or an ISO time.",
    ),
  to: z
    .string()
    .max(40)
    .optional()
    .describe("创建于此时之前（日期则含当天） / Created before (a day includes that day)."),
};

function filterOf(args: {
  tag?: string | undefined;
  type?: "idea" | "note" | undefined;
  from?: string;
  to?: string;
}) {
  const from = parseBound(args.from, false);
  const to = parseBound(args.to, true);
  if (from === null || to === null) {
    throw new ToolRefusal(
      "from/to 须为 YYYY-MM-DD 或带时区的 ISO 8601 时间 / from and to must be YYYY-MM-DD or ISO 8601 with an offset.",
    );
  }
  return { tag: args.tag, type: args.type, from, to } satisfies ReadableFilter;
}

/** An item the AI may read, or a refusal that says nothing of whether it exists. */
async function readableOne({ deps, caller }: ToolCtx, id: string) {
  const [row] = await readableItems(deps.db, caller.userId, { ids: [id] }, 1, 1);
  if (!row) throw new ToolRefusal(NOT_FOUND);
  return row;
}

export const search = defineTool({
  name: "search",
  description:
    "搜索拾念中的想法和笔记：关键词（含拼音、繁简）与语义混合检索，可按标签、类型和创建时间筛选。 / Search the person's ideas and notes in 拾念: keywords (pinyin and traditional/simplified Chinese too) and meaning combined, optionally filtered by tag, type and creation time.",
  need: "read",
  input: {
    query: z.string().trim().min(1).max(100).describe("搜索内容 / What to look for."),
    ...filters,
    limit: limitOf(10),
  },
  async run(args, ctx) {
    const { deps, caller } = ctx;
    const filter = filterOf(args);
    const filtered = Object.values(filter).some((v) => v !== undefined);
    // items marked 不让AI读取 are dropped after the search: ask for a few more than shown
    const pool = filtered ? FILTERED_POOL : Math.min(FILTERED_POOL, Math.ceil(args.limit * 1.5));
    const found = await ctx.searchSlot(caller.userId, () =>
      hybridSearch(deps, caller.userId, args.query, pool),
    );
    const ids = found.items.map((i) => i.id);
    const rows = ids.length
      ? await readableItems(deps.db, caller.userId, { ...filter, ids }, ids.length, 1)
      : [];
    const hits = new Map(found.items.map((i) => [i.id, i]));
    const items = inOrderOf(ids, rows)
      .slice(0, args.limit)
      .map((r) => toMcpItem(r, deps.config, hits.get(r.id)));
    return { items, meaning: found.meaning };
  },
});

export const getItems = defineTool({
  name: "get_items",
  description:
    "按 ID 读取想法或笔记的全文（每次最多 20 条，长文截断）。 / Read ideas or notes in full by id (at most 20 a call; long texts are cut).",
  need: "read",
  input: { ids: z.array(z.uuid()).min(1).max(20).describe("想法或笔记的 ID / Ids of ideas or notes.") },
  async run({ ids }, { deps, caller }) {
    const unique = [...new Set(ids)];
    const { contentChars } = deps.config.mcp;
    const rows = await readableItems(deps.db, caller.userId, { ids: unique }, unique.length, contentChars);
    const found = new Set(rows.map((r) => r.id));
    return {
      items: inOrderOf(unique, rows).map((r) => ({
        ...toMcpItem(r, deps.config),
        content: r.content,
        truncated: r.content_length > contentChars,
      })),
      not_found: unique.filter((id) => !found.has(id)),
    };
  },
});

export const listRecent = defineTool({
  name: "list_recent",
  description:
    "最近记录的想法和笔记，新的在前，可按标签、类型和时间筛选。 / The most recent ideas and notes, newest first, optionally filtered by tag, type and time.",
  need: "read",
  input: { ...filters, limit: limitOf(20) },
  async run(args, { deps, caller }) {
    const rows = await readableItems(
      deps.db,
      caller.userId,
      filterOf(args),
      args.limit,
      deps.config.mcp.excerptChars * 10,
    );
    return { items: rows.map((r) => toMcpItem(r, deps.config)) };
  },
});

export const related = defineTool({
  name: "related",
  description:
    "与某条想法或笔记相关的内容（共同的关键词或相近的意思），最多 5 条。 / Items related to an idea or note (shared telling words or close meaning), at most 5.",
  need: "read",
  input: { id: z.uuid().describe("想法或笔记的 ID / An idea's or note's id.") },
  async run({ id }, ctx) {
    const { deps, caller } = ctx;
    const item = await readableOne(ctx, id);
    const found = await relatedItems(deps, caller.userId, { type: item.type, id });
    const ids = found.map((r) => r.id);
    const rows = ids.length
      ? await readableItems(deps.db, caller.userId, { ids }, ids.length, deps.config.mcp.excerptChars * 10)
      : [];
    return { items: inOrderOf(ids, rows).map((r) => toMcpItem(r, deps.config)) };
  },
});

type TagNode = { name: string; path: string; count: number; children: TagNode[] };

export const tagTree = defineTool({
  name: "tag_tree",
  description:
    "全部标签的层级树（如 读书/小说），每个带条目数。 / Every tag as a tree (读书/小说 is 小说 under 读书), each with its item count.",
  need: "read",
  input: {},
  async run(_args, { deps, caller }) {
    const roots: TagNode[] = [];
    const byPath = new Map<string, TagNode>();
    // parents come before their children (a path's prefix sorts first)
    for (const { name, count } of (await listTags(deps.db, caller.userId)).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const cut = name.lastIndexOf(TAG_SEPARATOR);
      const node: TagNode = { name: name.slice(cut + 1), path: name, count, children: [] };
      byPath.set(name, node);
      (byPath.get(name.slice(0, Math.max(cut, 0)))?.children ?? roots).push(node);
    }
    return { tags: roots };
  },
});

export const dailyReview = defineTool({
  name: "daily_review",
  description:
    "今天的每日回顾：从过去的想法和笔记中抽出的几条（北京时间，一天内不变）。 / Today's daily review: a few past ideas and notes drawn for the day (Beijing time; the same all day).",
  need: "read",
  input: {},
  async run(_args, { deps, caller }) {
    const today = await reviewToday(deps, caller.userId);
    const ids = today.items.map((i) => i.id);
    const rows = ids.length
      ? await readableItems(deps.db, caller.userId, { ids }, ids.length, deps.config.mcp.excerptChars * 10)
      : [];
    const items = inOrderOf(ids, rows).map((r) => toMcpItem(r, deps.config));
    const shown = new Set(items.map((i) => i.id));
    return { date: today.date, items, done: today.done.filter((id) => shown.has(id)) };
  },
});

export { readableOne };
