import { queryOptions } from "@tanstack/react-query";
import { call } from "../api/client.ts";

/** 每日回顾's day set and 那年今日, and whether one item is 不再回顾 (its page's switch). */
export const reviewKeys = {
  today: ["review", "today"] as const,
  onThisDay: ["review", "on-this-day"] as const,
  exclusion: (itemId: string) => ["review", "exclusion", itemId] as const,
};

export const fetchReviewToday = () => call("reviewToday");
export const fetchOnThisDay = () => call("onThisDay");
export const fetchReviewExclusion = (itemId: string) => call("getReviewExclusion", { params: { itemId } });

export const reviewTodayQuery = queryOptions({ queryKey: reviewKeys.today, queryFn: fetchReviewToday });
export const onThisDayQuery = queryOptions({ queryKey: reviewKeys.onThisDay, queryFn: fetchOnThisDay });
export const reviewExclusionQuery = (itemId: string) =>
  queryOptions({ queryKey: reviewKeys.exclusion(itemId), queryFn: () => fetchReviewExclusion(itemId) });

export const markReviewDone = (itemId: string) => call("markReviewDone", { params: { itemId } });
export const excludeFromReview = (itemId: string) => call("excludeFromReview", { params: { itemId } });
export const includeInReview = (itemId: string) => call("includeInReview", { params: { itemId } });
