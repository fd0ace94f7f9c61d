import type { AppDeps } from "../context.ts";
import { publishAccountChange } from "../events/account-changes.ts";
import { decodeCursor } from "../http/cursor.ts";
import type { Mount } from "../http/mount.ts";
import { limitWrites } from "../points/write-limits.ts";
import { markDigestRead, unreadDigests } from "./digests.store.ts";
import { deleteInsight, getInsight, listInsights, setInsightGrounding } from "./insights.store.ts";
import { createInsight, insightPrice } from "./insights.ts";
import { timeline } from "./timeline.ts";

/** 洞察: reports over a scope, kept apart from ideas and notes. */
export function insightRoutes(mount: Mount) {
  mount("listInsights", async ({ deps, userId, query: q }) => ({
    data: await listInsights(deps.db, userId, {
      q: q.q,
      limit: q.limit,
      cursor: decodeCursor(q.cursor, "uuid"),
    }),
  }));
  // before getInsight: /api/insights/price is not an id
  mount("insightPrice", async ({ deps, userId, query }) => ({
    data: await insightPrice(deps, userId, query),
  }));
  mount("createInsight", async ({ deps, userId, body }) => {
    await limitWrites(deps, userId, "chat", "生成洞察");
    return { message: "洞察已生成", data: await createInsight(deps, userId, body) };
  });
  mount("getInsight", async ({ deps, userId, params }) => ({
    data: await getInsight(deps.db, userId, params.id),
  }));
  mount("deleteInsight", async ({ deps, userId, params }) => {
    if (await deleteInsight(deps.db, userId, params.id)) await announce(deps, userId);
    return { message: "洞察已删除", data: null };
  });
  mount("updateInsight", async ({ deps, userId, params, body }) => {
    await setInsightGrounding(deps.db, userId, params.id, body.aiGrounding);
    return {
      message: body.aiGrounding ? "AI 助手会参考这份洞察" : "AI 助手不再参考这份洞察",
      data: await getInsight(deps.db, userId, params.id),
    };
  });
  mount("markInsightRead", async ({ deps, userId, params }) => {
    // the person's other devices drop the badge too
    if (await markDigestRead(deps.db, userId, params.id)) await announce(deps, userId);
    return { data: { unreadDigests: await unreadDigests(deps.db, userId) } };
  });
  mount("timeline", async ({ deps, userId, query }) => ({ data: await timeline(deps, userId, query) }));
}

/** The badge on the person's other devices: done is done, so a failed announcement is logged, not answered. */
const announce = (deps: AppDeps, userId: string) =>
  publishAccountChange(deps.db, userId).catch((err) =>
    deps.logger.warn("account change not announced", { err }),
  );
