// Plain values the app needs at run time, importable without zod (`@shinian/contract/constants`):
// importing them from the package root would bundle every schema into the page.

/** The phrase a user types to confirm deleting the account. */
export const DELETE_ACCOUNT_PHRASE = "永久删除我的账号";

/** How far back `capturedAt` may date an idea: an older capture is dated this many days ago. */
export const CAPTURED_AT_MAX_AGE_DAYS = 7;

/** Capture tokens a person may hold at once. */
export const CAPTURE_TOKEN_LIMIT = 20;

/** Every capture token starts with this, so that it is recognizable in a shortcut or a leak scan. */
export const CAPTURE_TOKEN_PREFIX = "sn_cap_";

/** Response header carrying ExportCount as JSON (exposed to browsers via CORS). */
export const EXPORT_COUNT_HEADER = "X-Export-Count";

/** 回收站 keeps a deleted idea or note this many days by default (TRASH_DAYS on the server). */
export const TRASH_DAYS_DEFAULT = 30;

/** 每日回顾 shows this many items a day unless the person chose another count (个人资料). */
export const REVIEW_COUNT_DEFAULT = 5;
export const REVIEW_COUNT_MIN = 1;
export const REVIEW_COUNT_MAX = 20;

/** What the app calls each kind of import file (ImportKind in import.ts). */
export const IMPORT_KIND_LABELS: Record<import("./import.ts").ImportKind, string> = {
  shinian: "拾念导出文件",
  flomo: "flomo 导出",
  memos: "memos 数据库",
  markdown: "Markdown 文件",
};

/** Pictures one idea may carry, beside at most IDEA_MAX_RECORDINGS voice notes. */
export const IDEA_MAX_IMAGES = 9;
export const IDEA_MAX_RECORDINGS = 1;
/** Files one idea may carry in all (a note may carry as many as its Markdown refers to, up to the note limit). */
export const IDEA_MAX_ATTACHMENTS = IDEA_MAX_IMAGES + IDEA_MAX_RECORDINGS;
export const NOTE_MAX_ATTACHMENTS = 100;

/** The most ideas one 整理成笔记 gathers. */
export const MAX_COMPOSE_IDEAS = 30;

/** The most items 多选 chooses, and one POST /api/items/edits changes. */
export const MAX_ITEM_EDITS = 100;

/**
 * The largest body a signed-in request may send: a 200,000-character note, JSON-escaped, or a 2 MB
 * avatar in its multipart envelope. A 撤销 of 多选 that would send more is not offered.
 */
export const SIGNED_IN_BODY_BYTES = 2 * 1024 * 1024 + 256 * 1024;
