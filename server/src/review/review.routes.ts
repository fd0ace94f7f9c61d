import { notFound } from "../errors.ts";
import type { Mount } from "../http/mount.ts";
import { isExcluded, markDone, setExcluded } from "./review.store.ts";
import { onThisDay, reviewDay, reviewToday } from "./review.ts";

const NO_SUCH_ITEM = "想法或笔记不存在";

export function reviewRoutes(mount: Mount) {
  mount("reviewToday", async ({ deps, userId }) => ({ data: await reviewToday(deps, userId) }));
  mount("markReviewDone", async ({ deps, userId, params }) => {
    const done = await markDone(deps.db, userId, reviewDay(deps), params.itemId);
    if (!done) throw notFound("今天的回顾里没有这一条");
    return { message: "记住了", data: { done } };
  });
  mount("getReviewExclusion", async ({ deps, userId, params }) => {
    const excluded = await isExcluded(deps.db, userId, params.itemId);
    if (excluded === null) throw notFound(NO_SUCH_ITEM);
    return { data: { excluded } };
  });
  mount("excludeFromReview", async ({ deps, userId, params }) => {
    if (!(await setExcluded(deps.db, userId, params.itemId, true))) throw notFound(NO_SUCH_ITEM);
    return { message: "这一条不再出现在每日回顾中", data: { excluded: true } };
  });
  mount("includeInReview", async ({ deps, userId, params }) => {
    if (!(await setExcluded(deps.db, userId, params.itemId, false))) throw notFound(NO_SUCH_ITEM);
    return { message: "这一条会重新出现在每日回顾中", data: { excluded: false } };
  });
  mount("onThisDay", async ({ deps, userId }) => ({ data: await onThisDay(deps, userId) }));
}
