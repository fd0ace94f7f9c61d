import type { WingEndpoints } from "../endpoint.ts";
import { routes } from "../routes.ts";
import { OnThisDaySchema, ReviewDoneSchema, ReviewExcludedSchema, ReviewTodaySchema } from "./schemas.ts";

/** 每日回顾 and 那年今日. */
export const reviewEndpoints = {
  reviewToday: {
    ...routes.reviewToday,
    tag: "回顾",
    summary:
      "每日回顾：今天（北京时间）要回顾的想法与笔记，一天之内固定不变；多为较早、较少回顾的，14 天内回顾过的尽量不再出现",
    auth: true,
    token: "read",
    data: ReviewTodaySchema,
  },
  markReviewDone: {
    ...routes.markReviewDone,
    tag: "回顾",
    summary: "记住了：把今天回顾中的一条标为已回顾",
    auth: true,
    token: "write",
    data: ReviewDoneSchema,
    errors: [404],
  },
  getReviewExclusion: {
    ...routes.getReviewExclusion,
    tag: "回顾",
    summary: "一条想法或笔记是否设为不再回顾",
    auth: true,
    token: "read",
    data: ReviewExcludedSchema,
    errors: [404],
  },
  excludeFromReview: {
    ...routes.excludeFromReview,
    tag: "回顾",
    summary: "不再回顾：这一条不再出现在每日回顾中",
    auth: true,
    token: "write",
    data: ReviewExcludedSchema,
    errors: [404],
  },
  includeInReview: {
    ...routes.includeInReview,
    tag: "回顾",
    summary: "撤销不再回顾：这一条重新可以出现在每日回顾中",
    auth: true,
    token: "write",
    data: ReviewExcludedSchema,
    errors: [404],
  },
  onThisDay: {
    ...routes.onThisDay,
    tag: "回顾",
    summary: "那年今日：往年今天（北京时间）记下的想法与笔记；还没有往年时，为往月的今天（最多 50 条）",
    auth: true,
    token: "read",
    data: OnThisDaySchema,
  },
} satisfies WingEndpoints<"review">;
