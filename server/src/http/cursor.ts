import { ApiError } from "../errors.ts";

/**
 * Keyset cursors for newest-first lists: (created_at in microseconds since the epoch, id).
 * Microseconds keep PostgreSQL's full timestamp precision, so no row is skipped or repeated.
 */
export type Keyset = { us: string; id: string };

/** What a list's cursor id is: a uuid (ideas, notes, feed) or a bigserial (the points ledger). */
export type CursorIdKind = "uuid" | "bigint";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DIGITS = /^(0|[1-9]\d{0,18})$/;
const BIGINT_MAX = 9_223_372_036_854_775_807n;
/** 10000-01-01T00:00:00Z in microseconds: beyond it, fromUs() would leave timestamptz's range. */
const US_MAX = 253_402_300_800_000_000n;

export function encodeCursor(k: Keyset): string {
  return Buffer.from(`${k.us}.${k.id}`, "utf8").toString("base64url");
}

const invalidCursor = () =>
  new ApiError("VALIDATION_ERROR", "cursor 无效，请从第一页重新加载", {
    issues: [{ path: "cursor", message: "cursor 无效" }],
  });

/**
 * Decodes a cursor of a list whose ids are of `kind`. Anything else — garbage, another list's
 * cursor, numbers beyond bigint or beyond a timestamp — is a 400 here, never a database error.
 */
export function decodeCursor(cursor: string | undefined, kind: CursorIdKind): Keyset | null {
  if (!cursor) return null;
  const parts = Buffer.from(cursor, "base64url").toString("utf8").split(".");
  if (parts.length !== 2) throw invalidCursor();
  const [us, id] = parts as [string, string];
  if (!DIGITS.test(us) || BigInt(us) > US_MAX) throw invalidCursor();
  const idOk = kind === "uuid" ? UUID.test(id) : DIGITS.test(id) && BigInt(id) <= BIGINT_MAX && id !== "0";
  if (!idOk) throw invalidCursor();
  return { us, id };
}

/** SQL expression giving a timestamp column's microseconds: a cursor exact where a Date is not. */
export const usOf = (column: string) => `(extract(epoch FROM ${column}) * 1000000)::bigint::text`;
/** SQL expression giving a row's cursor microseconds. */
export const CURSOR_US = usOf("created_at");
/** SQL turning a cursor's microseconds back into a timestamptz (exact). */
export const fromUs = (param: string) =>
  `('epoch'::timestamptz + (${param}::bigint * interval '1 microsecond'))`;

export function pageFrom<R extends { cursor_us: string; id: string | number }, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
): { items: T[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return {
    items: page.map(map),
    nextCursor: more && last ? encodeCursor({ us: last.cursor_us, id: String(last.id) }) : null,
  };
}
