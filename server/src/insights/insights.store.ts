import type { Citation, Insight, InsightLens, InsightScope, InsightSummary } from "@shinian/contract";
import { plainTitle } from "@shinian/contract/plain-text";
import type { Queryable } from "../db/pool.ts";
import { notFound } from "../errors.ts";
import { CURSOR_US, fromUs, type Keyset, pageFrom } from "../http/cursor.ts";

/**
 * The 洞察 wing's tables: the only code touching `insights` (migration 049); a digest is an insight
 * that `digests` (migration 048, digests.store.ts) points at, read when its read_at is set.
 */

type InsightRow = {
  id: string;
  title: string;
  lens: InsightLens;
  prompt: string | null;
  scope: InsightScope;
  body: string;
  citations: Citation[];
  item_count: number;
  ai_grounding: boolean;
  created_at: Date;
  digest: boolean;
  read_at: Date | null;
};

const COLUMNS = `i.id, i.title, i.lens, i.prompt, i.scope, i.body, i.citations, i.item_count, i.ai_grounding,
  i.created_at, d.insight_id IS NOT NULL AS digest, d.read_at`;
/** Each insight with its digest row, when it is one. */
const FROM = "insights i LEFT JOIN digests d ON d.insight_id = i.id";

export const toInsight = (r: InsightRow): Insight => ({
  id: r.id,
  title: r.title,
  lens: r.lens,
  prompt: r.prompt,
  scope: r.scope,
  body: r.body,
  citations: r.citations,
  itemCount: r.item_count,
  aiGrounding: r.ai_grounding,
  createdAt: r.created_at.toISOString(),
  kind: r.digest ? "digest" : "insight",
  readAt: r.read_at?.toISOString() ?? null,
});

export type NewInsight = {
  title: string;
  lens: InsightLens;
  prompt: string | null;
  scope: InsightScope;
  body: string;
  citations: Citation[];
  itemCount: number;
};

/** The new insight's id. */
export async function insertInsight(db: Queryable, userId: string, i: NewInsight): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO insights (user_id, title, lens, prompt, scope, body, citations, item_count)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      userId,
      i.title,
      i.lens,
      i.prompt,
      JSON.stringify(i.scope),
      i.body,
      JSON.stringify(i.citations),
      i.itemCount,
    ],
  );
  return rows[0]!.id;
}

export async function getInsight(db: Queryable, userId: string, id: string): Promise<Insight> {
  const { rows } = await db.query<InsightRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE i.id = $1 AND i.user_id = $2`,
    [id, userId],
  );
  if (!rows[0]) throw notFound("洞察不存在");
  return toInsight(rows[0]);
}

/** 让 AI 助手参考这份洞察: on or off. */
export async function setInsightGrounding(db: Queryable, userId: string, id: string, on: boolean) {
  const { rowCount } = await db.query(
    "UPDATE insights SET ai_grounding = $3 WHERE id = $1 AND user_id = $2",
    [id, userId, on],
  );
  if (!rowCount) throw notFound("洞察不存在");
}

/**
 * The opted-in insights (ai_grounding) whose title or body holds any of `terms`, the most terms
 * first, then the newest; never one the person did not opt in.
 */
export async function groundingInsights(db: Queryable, userId: string, terms: string[], limit: number) {
  if (!terms.length) return [];
  const { rows } = await db.query<{ id: string; title: string; body: string; created_at: Date }>(
    `SELECT id, title, body, created_at FROM (
       SELECT id, title, body, created_at,
         (SELECT count(*) FROM unnest($2::text[]) t WHERE strpos(lower(title || ' ' || body), lower(t)) > 0) AS hits
       FROM insights WHERE user_id = $1 AND ai_grounding) x
     WHERE hits > 0 ORDER BY hits DESC, created_at DESC LIMIT $3`,
    [userId, terms, limit],
  );
  return rows;
}

/** 404 when not theirs. True when it was an unread digest (the unread count went down). */
export async function deleteInsight(db: Queryable, userId: string, id: string): Promise<boolean> {
  const { rows } = await db.query<{ unread: boolean }>(
    `DELETE FROM insights i WHERE i.id = $1 AND i.user_id = $2
     RETURNING EXISTS (SELECT 1 FROM digests d WHERE d.insight_id = i.id AND d.read_at IS NULL) AS unread`,
    [id, userId],
  );
  if (!rows[0]) throw notFound("洞察不存在");
  return rows[0].unread;
}

const EXCERPT_CHARS = 80;

/** Newest first; `q` finds a part of the title, case aside. */
export async function listInsights(
  db: Queryable,
  userId: string,
  q: { q?: string | undefined; limit: number; cursor: Keyset | null },
) {
  const { rows } = await db.query<InsightRow & { excerpt: string; cursor_us: string }>(
    `SELECT i.id, i.title, i.lens, left(i.body, $5) AS excerpt, i.created_at, ${CURSOR_US} AS cursor_us,
       d.insight_id IS NOT NULL AS digest, d.read_at
     FROM ${FROM}
     WHERE i.user_id = $1 AND ($2::text IS NULL OR strpos(lower(i.title), lower($2)) > 0)
       AND ($3::text IS NULL OR (i.created_at, i.id) < (${fromUs("$3")}, $4::uuid))
     ORDER BY i.created_at DESC, i.id DESC LIMIT $6`,
    [userId, q.q || null, q.cursor?.us ?? null, q.cursor?.id ?? null, EXCERPT_CHARS * 4, q.limit + 1],
  );
  return pageFrom(
    rows,
    q.limit,
    (r): InsightSummary => ({
      type: "insight",
      id: r.id,
      title: r.title,
      excerpt: plainTitle(r.excerpt.replace(/\[\d{1,3}\]/g, ""), EXCERPT_CHARS),
      lens: r.lens,
      createdAt: r.created_at.toISOString(),
      kind: r.digest ? "digest" : "insight",
      unread: r.digest && !r.read_at,
    }),
  );
}

/** Every insight of the user, oldest first, in batches (the export). */
export async function* insightBatches(db: Queryable, userId: string, size: number) {
  let after: Keyset | null = null;
  for (;;) {
    const result = await db.query<InsightRow & { cursor_us: string }>(
      `SELECT ${COLUMNS}, ${CURSOR_US} AS cursor_us FROM ${FROM}
       WHERE i.user_id = $1 AND ($2::text IS NULL OR (i.created_at, i.id) > (${fromUs("$2")}, $3::uuid))
       ORDER BY i.created_at, i.id LIMIT $4`,
      [userId, after?.us ?? null, after?.id ?? null, size],
    );
    const rows = result.rows;
    if (rows.length) yield rows.map(toInsight);
    if (rows.length < size) return;
    const last: { cursor_us: string; id: string } = rows[rows.length - 1]!;
    after = { us: last.cursor_us, id: last.id };
  }
}
