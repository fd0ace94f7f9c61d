// Plain values the app needs at run time, importable without zod (`@shinian/contract/constants`):
// importing them from the package root would bundle every schema into the page.

/** The phrase a user types to confirm deleting the account. */
export const DELETE_ACCOUNT_PHRASE = "永久删除我的账号";

/** How far back `capturedAt` may date an idea: an older capture is dated this many days ago. */
export const CAPTURED_AT_MAX_AGE_DAYS = 7;

/** Access tokens (of every scope, capture tokens included) a person may hold at once. */
export const ACCESS_TOKEN_LIMIT = 20;

/** Every access token starts with this, so that it is recognizable in a script or a leak scan. */
export const ACCESS_TOKEN_PREFIX = "sn_pat_";

/** Capture tokens made before access tokens start with this; they keep working, as `capture`. */
export const CAPTURE_TOKEN_PREFIX = "sn_cap_";

/** What an access token may do: 仅记录 (create ideas), 只读, 读写 (read, create, edit, delete). */
export const TOKEN_SCOPES = ["capture", "read", "write"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  capture: "仅记录",
  read: "只读",
  write: "读写",
};

/** `write` covers the other two; `capture` and `read` cover only themselves. */
export const scopeAllows = (have: TokenScope, need: TokenScope): boolean => have === need || have === "write";

/** Response header carrying ExportCount as JSON (exposed to browsers via CORS). */
export const EXPORT_COUNT_HEADER = "X-Export-Count";

/** 回收站 keeps a deleted idea or note this many days by default (the server's limit trashDays). */
export const TRASH_DAYS_DEFAULT = 30;

/** 每日回顾 shows this many items a day unless the person chose another count (个人资料). */
export const REVIEW_COUNT_DEFAULT = 5;
export const REVIEW_COUNT_MIN = 1;
export const REVIEW_COUNT_MAX = 20;

/** What the app calls each kind of import file (ImportKind in import.ts). */
export const IMPORT_KIND_LABELS: Record<import("./import/schemas.ts").ImportKind, string> = {
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

/**
 * 历史版本 of a note: the newest NOTE_HISTORY_KEEP versions are kept, and every version saved in
 * the last NOTE_HISTORY_KEEP_DAYS days, whichever is more, but never more than NOTE_HISTORY_MAX.
 */
export const NOTE_HISTORY_KEEP = 50;
export const NOTE_HISTORY_KEEP_DAYS = 30;
export const NOTE_HISTORY_MAX = 200;
/**
 * And at most this many bytes of title and text per note (the newest kept first): history is not
 * counted in the storage quota (a save that shortens a note must not be refused for it), so without
 * this a note saved 200 times at 200,000 characters would keep ~160 MB outside it. One version of
 * the longest note (200,000 characters, up to 800 KB) always fits.
 */
export const NOTE_HISTORY_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The title a note gets when made by 新建笔记 (the server needs one), and keeps when saved without
 * one. Such a note, still empty, is not kept as a version when its first words are saved.
 */
export const UNTITLED_NOTE = "未命名笔记";

/** 你想过这个: fewer characters than this say too little to be like anything; at most this many answers. */
export const SIMILAR_MIN_CHARS = 6;
export const SIMILAR_LIMIT = 3;
/** 批注 on one idea at most (issue 33): the thread is listed whole, so it stays bounded. */
export const ANNOTATIONS_PER_IDEA_MAX = 200;
/** Characters of one 批注, as many as an idea's. */
export const ANNOTATION_MAX_CHARS = 10_000;
