import { z } from "zod";
import { ApiError } from "../errors.ts";
import { invalid } from "./wire.ts";

/**
 * memos' list query, the part its clients send: pageSize, pageToken, state, orderBy and a CEL
 * `filter` of these clauses joined by `&&` — `creator == "users/N"` (either quote), `creator_id ==
 * N`, `visibility in [...]` and `visibility == "X"`. Every memo here is the caller's and PRIVATE,
 * so a clause either keeps them all or none. Anything else is refused, never ignored: a filter
 * silently dropped would answer memos the client did not ask for.
 */

/** MoeMemos asks for 200 and follows nextPageToken; memos allows 1000, "may return fewer". */
export const MEMOS_PAGE_MAX = 200;
const PAGE_DEFAULT = 50;

const VISIBILITY = "(?:PRIVATE|PROTECTED|PUBLIC)";
const QUOTED = (inner: string) => `(?:"${inner}"|'${inner}')`;
const CREATOR = /^creator\s*==\s*(?:"users\/(\d{1,19})"|'users\/(\d{1,19})')$/;
const CREATOR_ID = /^creator_id\s*==\s*(\d{1,19})$/;
const VIS_IN = new RegExp(
  `^visibility\\s+in\\s*\\[\\s*(${QUOTED(VISIBILITY)}(?:\\s*,\\s*${QUOTED(VISIBILITY)})*)?\\s*\\]$`,
);
const VIS_EQ = new RegExp(`^visibility\\s*==\\s*${QUOTED(`(${VISIBILITY})`)}$`);

const unsupportedFilter = (clause: string) =>
  new ApiError(
    "VALIDATION_ERROR",
    `不支持的 filter 条件：${clause.slice(0, 100)}。支持 creator == "users/N"、creator_id == N、visibility in [...]，以 && 连接`,
  );

/** Whether a filter keeps the caller's (PRIVATE) memos; 400 for a clause not understood. */
export function filterKeepsOwn(filter: string | undefined, ownNumber: string): boolean {
  if (!filter?.trim()) return true;
  let keeps = true;
  for (const raw of filter.split("&&")) {
    const clause = raw.trim();
    const creator = CREATOR.exec(clause) ?? CREATOR_ID.exec(clause);
    if (creator) {
      const n = creator.slice(1).find((g) => g !== undefined);
      keeps &&= n === ownNumber;
      continue;
    }
    const visEq = VIS_EQ.exec(clause);
    if (visEq) {
      keeps &&= clause.includes("PRIVATE");
      continue;
    }
    if (VIS_IN.test(clause)) {
      keeps &&= clause.includes("PRIVATE");
      continue;
    }
    throw unsupportedFilter(clause);
  }
  return keeps;
}

const ORDERS = new Set(["", "display_time desc", "create_time desc"]);

const ListQuery = z.object({
  pageSize: z
    .string()
    .regex(/^\d{1,9}$/, { message: "pageSize 须为非负整数" })
    .optional()
    .transform((v) => Math.min(Number(v || PAGE_DEFAULT) || PAGE_DEFAULT, MEMOS_PAGE_MAX)),
  pageToken: z.string().max(200).optional(),
  state: z
    .enum(["STATE_UNSPECIFIED", "NORMAL", "ARCHIVED"], { message: "state 只能是 NORMAL 或 ARCHIVED" })
    .optional(),
  orderBy: z
    .string()
    .optional()
    .refine((v) => ORDERS.has((v ?? "").trim().replace(/\s+/g, " ").toLowerCase()), {
      message: "orderBy 只支持 display_time desc 或 create_time desc（新的在前）",
    }),
  filter: z.string().max(1000).optional(),
});

export function parseListQuery(query: Record<string, string>) {
  const parsed = ListQuery.safeParse(query);
  if (!parsed.success) throw invalid(parsed.error);
  return { ...parsed.data, archived: parsed.data.state === "ARCHIVED" };
}
