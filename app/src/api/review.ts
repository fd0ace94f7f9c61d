import { call } from "./client.ts";

export const fetchReviewToday = () => call("reviewToday");
export const markReviewDone = (itemId: string) => call("markReviewDone", { params: { itemId } });
export const fetchReviewExclusion = (itemId: string) => call("getReviewExclusion", { params: { itemId } });
export const excludeFromReview = (itemId: string) => call("excludeFromReview", { params: { itemId } });
export const includeInReview = (itemId: string) => call("includeInReview", { params: { itemId } });
export const fetchOnThisDay = () => call("onThisDay");
