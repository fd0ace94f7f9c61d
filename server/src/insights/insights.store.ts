import type { Citation, Insight, InsightLens, InsightScope, InsightSummary } from "@shinian/contract";
import { plainTitle } from "@shinian/contract/plain-text";
import type { Queryable } from "../db/pool.ts";
import { notFound } from "../errors.ts";
import { CURSOR_US, fromUs, type Keyset, pageFrom } from "../http/cursor.ts";

/** The 洞察 wing's table: the only code touching `insights` (migration 049). */

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
};

const COLUMNS = "id, title, lens, prompt, scope, body, citations, item_count, ai_grounding, created_at";

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

export async function insertInsight(db: Queryable, userId: string, i: NewInsight): Promise<Insight> {
  const { rows } = await db.query<InsightRow>(
    `INSERT INTO insights (user_id, title, lens, prompt, scope, body, citations, item_count)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
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
  return toInsight(rows[0]!);
}

export async function getInsight(db: Queryable, userId: string, id: string): Promise<Insight> {
  const { rows } = await db.query<InsightRow>(
    `SELECT ${COLUMNS} FROM insights WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  if (!rows[0]) throw notFound("洞察不存在");
  return toInsight(rows[0]);
}

export async function deleteInsight(db: Queryable, userId: string, id: string): Promise<void> {
  const { rowCount } = await db.query("DELETE FROM insights WHERE id = $1 AND user_id = $2", [id, userId]);
  if (!rowCount) throw notFound("洞察不存在");
}

const EXCERPT_CHARS = 80;

/** Newest first; `q` finds a part of the title, case aside. */
export async function listInsights(
  db: Queryable,
  userId: string,
  q: { q?: string | undefined; limit: number; cursor: Keyset | null },
) {
  const { rows } = await db.query<InsightRow & { excerpt: string; cursor_us: string }>(
    `SELECT id, title, lens, left(body, $5) AS excerpt, created_at, ${CURSOR_US} AS cursor_us
     FROM insights
     WHERE user_id = $1 AND ($2::text IS NULL OR strpos(lower(title), lower($2)) > 0)
       AND ($3::text IS NULL OR (created_at, id) < (${fromUs("$3")}, $4::uuid))
     ORDER BY created_at DESC, id DESC LIMIT $6`,
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
    }),
  );
}

/** Every insight of the user, oldest first, in batches (the export). */
export async function* insightBatches(db: Queryable, userId: string, size: number) {
  let after: Keyset | null = null;
  for (;;) {
    const result = await db.query<InsightRow & { cursor_us: string }>(
      `SELECT ${COLUMNS}, ${CURSOR_US} AS cursor_us FROM insights
       WHERE user_id = $1 AND ($2::text IS NULL OR (created_at, id) > (${fromUs("$2")}, $3::uuid))
       ORDER BY created_at, id LIMIT $4`,
      [userId, after?.us ?? null, after?.id ?? null, size],
    );
    const rows = result.rows;
    if (rows.length) yield rows.map(toInsight);
    if (rows.length < size) return;
    const last: { cursor_us: string; id: string } = rows[rows.length - 1]!;
    after = { us: last.cursor_us, id: last.id };
  }
}
