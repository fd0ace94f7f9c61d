import { ApiError } from "../errors.ts";

/**
 * Keyset cursors for newest-first lists: (created_at in microseconds since the epoch, id).
 * Microseconds keep PostgreSQL's full timestamp precision, so no row is skipped or repeated.
 */
export type Keyset = { us: string; id: string };

export function encodeCursor(k: Keyset): string {
  return Buffer.from(`${k.us}.${k.id}`, "utf8").toString("base64url");
}

export function decodeCursor(cursor: string | undefined): Keyset | null {
  if (!cursor) return null;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^(\d{1,20})\.([0-9a-f-]{36}|\d{1,20})$/.exec(text);
  if (!match)
    throw new ApiError("VALIDATION_ERROR", "cursor 无效", {
      issues: [{ path: "cursor", message: "cursor 无效" }],
    });
  return { us: match[1]!, id: match[2]! };
}

/** SQL expression giving a row's cursor microseconds. */
export const CURSOR_US = "(extract(epoch FROM created_at) * 1000000)::bigint::text";
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
