/** 周报/月报's words, without zod: the profile page reads them without the schemas. */

/** How often a digest is drawn: never (the default), after Sunday 20:00, or on the 1st from 08:00 (Beijing). */
export const DIGEST_FREQUENCIES = ["off", "weekly", "monthly"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DIGEST_FREQUENCY_LABELS: Record<DigestFrequency, string> = {
  off: "关闭",
  weekly: "每周（周日 20:00 后）",
  monthly: "每月（1 日 08:00 后）",
};

/** A 洞察 the person ran (`insight`), or one the server drew for a week or a month (`digest`). */
export const INSIGHT_KINDS = ["insight", "digest"] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];
