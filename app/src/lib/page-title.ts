import { MAX_TAG_LENGTH } from "@shinian/contract/tag-paths";
export const SITE_NAME = "拾念";

const exactTitles: Record<string, string> = {
  "/": "首页",
  "/login": "登录",
  "/reset-password": "重置密码",
  "/guide": "用户指南",
  "/help": "用户指南",
  "/chat": "AI助手",
  "/profile": "个人资料",
  "/ai-points": "AI点数",
  "/privacy-security": "隐私与安全",
  "/trash": "回收站",
  "/review": "每日回顾",
  "/insights": "洞察",
  "/user-agreement": "用户协议",
  "/privacy-policy": "隐私政策",
};

/** A search value as typed: the router reads `?q=2026` as a number. */
const searchText = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? String(value).trim() : "";

/**
 * What /timeline?tag=…|q=… (演变) shows, read from its search as the page reads it: the tag
 * (without #), the query, and the heading that names them (`#陶艺 · 「拉坯」 的演变`).
 */
export function timelineSubject(search: { tag?: unknown; q?: unknown }) {
  const tag = searchText(search.tag).replace(/^#/, "").slice(0, MAX_TAG_LENGTH) || undefined;
  const q = searchText(search.q).slice(0, 100) || undefined;
  const by = [tag ? `#${tag}` : null, q ? `「${q}」` : null].filter(Boolean).join(" · ");
  return { tag, q, title: by ? `${by} 的演变` : "演变" };
}

/**
 * The page's own Chinese title (the tab reads `{title} - 拾念`), or null where the site name stands
 * alone; `search` (the router's parsed one) where the page is named by it.
 */
export function pageTitleFor(pathname: string, search: Record<string, unknown> = {}): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/timeline") return timelineSubject(search).title;
  const exact = exactTitles[path];
  if (exact) return exact;
  if (path.includes("/ideas/") && path.includes("/original")) return "原始想法";
  if (path.includes("/ideas/")) return "想法详情";
  if (path.includes("/notes/")) return "笔记详情";
  if (path.startsWith("/insights/")) return "洞察";
  return null;
}

/** document.title: `{title} - 拾念`, or `拾念` alone (e.g. /quick-introduction). */
export function documentTitleFor(pathname: string, search: Record<string, unknown> = {}): string {
  const title = pageTitleFor(pathname, search);
  return title ? `${title} - ${SITE_NAME}` : SITE_NAME;
}
