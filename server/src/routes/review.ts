import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { notFound } from "../errors.ts";
import { mount } from "../lib/endpoint.ts";
import { onThisDay, reviewDay, reviewToday } from "../services/review.ts";
import { isExcluded, markDone, setExcluded } from "../stores/review.ts";

const NO_SUCH_ITEM = "想法或笔记不存在";

export function reviewRoutes(app: Hono<AppEnv>) {
  mount(app, "reviewToday", async (c) => ({ data: await reviewToday(c.var.deps, c.var.auth.userId) }));
  mount(app, "markReviewDone", async (c, { params }) => {
    const done = await markDone(c.var.deps.db, c.var.auth.userId, reviewDay(c.var.deps), params.itemId);
    if (!done) throw notFound("今天的回顾里没有这一条");
    return { message: "记住了", data: { done } };
  });
  mount(app, "getReviewExclusion", async (c, { params }) => {
    const excluded = await isExcluded(c.var.deps.db, c.var.auth.userId, params.itemId);
    if (excluded === null) throw notFound(NO_SUCH_ITEM);
    return { data: { excluded } };
  });
  mount(app, "excludeFromReview", async (c, { params }) => {
    if (!(await setExcluded(c.var.deps.db, c.var.auth.userId, params.itemId, true)))
      throw notFound(NO_SUCH_ITEM);
    return { message: "这一条不再出现在每日回顾中", data: { excluded: true } };
  });
  mount(app, "includeInReview", async (c, { params }) => {
    if (!(await setExcluded(c.var.deps.db, c.var.auth.userId, params.itemId, false)))
      throw notFound(NO_SUCH_ITEM);
    return { message: "这一条会重新出现在每日回顾中", data: { excluded: false } };
  });
  mount(app, "onThisDay", async (c) => ({ data: await onThisDay(c.var.deps, c.var.auth.userId) }));
}
