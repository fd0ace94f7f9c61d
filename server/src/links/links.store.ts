import type { LinkRef, LinkType } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";

/**
 * Links between items (migration 046): item_links, kept by triggers on ideas and notes from the
 * `[[idea:<uuid>]]` / `[[note:<uuid>]]` in their text. Every read here is per account: a target or
 * a source of another person's is never found.
 */

export type BacklinkRow = { type: LinkType; id: string; title: string; head: string; created_at: Date };

/** Whether the user has this idea or note, archived or not (in 回收站 it is neither). */
export async function itemExists(db: Queryable, userId: string, ref: LinkRef): Promise<boolean> {
  const table = ref.type === "idea" ? "ideas" : "notes";
  const { rowCount } = await db.query(`SELECT 1 FROM ${table} WHERE id = $1 AND user_id = $2`, [
    ref.id,
    userId,
  ]);
  return Boolean(rowCount);
}

/**
 * The user's ideas and notes linking to `target`, newest first, at most `limit`, and how many in all.
 * A link in a 批注 (migration 051) is its idea's: listed once however many of its texts link.
 */
export async function backlinks(db: Queryable, userId: string, target: LinkRef, limit: number) {
  const { rows } = await db.query<BacklinkRow & { total: number }>(
    `WITH sources AS (
       SELECT DISTINCT CASE WHEN l.source_type = 'annotation' THEN 'idea' ELSE l.source_type END AS source_type,
         coalesce(a.idea_id, l.source_id) AS source_id
       FROM item_links l LEFT JOIN annotations a ON l.source_type = 'annotation' AND a.id = l.source_id
       WHERE l.user_id = $1 AND l.target_id = $2 AND l.target_type = $3)
     SELECT x.*, (SELECT count(*)::int FROM sources) AS total FROM (
       SELECT 'idea' AS type, i.id, i.title, left(i.content, 300) AS head, i.created_at
       FROM sources s JOIN ideas i ON i.id = s.source_id AND i.user_id = $1 WHERE s.source_type = 'idea'
       UNION ALL
       SELECT 'note', n.id, n.title, left(n.content, 300), n.created_at
       FROM sources s JOIN notes n ON n.id = s.source_id AND n.user_id = $1 WHERE s.source_type = 'note'
     ) x ORDER BY x.created_at DESC, x.id DESC LIMIT $4`,
    [userId, target.id, target.type, limit],
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export type TargetRow = {
  type: LinkType;
  id: string;
  state: "live" | "trash";
  title: string;
  head: string;
};

/** Which of `refs` the user has, live (archived too) or in 回收站, with their titles; the rest are gone. */
export async function linkTargets(db: Queryable, userId: string, refs: LinkRef[]): Promise<TargetRow[]> {
  const ids = (type: LinkType) => refs.filter((r) => r.type === type).map((r) => r.id);
  const { rows } = await db.query<TargetRow>(
    `SELECT 'idea' AS type, id, 'live' AS state, title, left(content, 200) AS head
       FROM ideas WHERE user_id = $1 AND id = ANY($2::uuid[])
     UNION ALL
     SELECT 'note', id, 'live', title, left(content, 200) FROM notes WHERE user_id = $1 AND id = ANY($3::uuid[])
     UNION ALL
     SELECT type, id, 'trash', title, preview FROM trash
       WHERE user_id = $1 AND ((type = 'idea' AND id = ANY($2::uuid[])) OR (type = 'note' AND id = ANY($3::uuid[])))`,
    [userId, ids("idea"), ids("note")],
  );
  return rows;
}

export type OutgoingRow = { source_id: string; target_type: LinkType; target_id: string };

/**
 * The links written in these items' texts (of the user's items only), by source, each target once;
 * a link in a 批注 (migration 051) is its idea's.
 */
export async function outgoingLinks(
  db: Queryable,
  userId: string,
  sourceIds: string[],
): Promise<OutgoingRow[]> {
  const { rows } = await db.query<OutgoingRow>(
    `SELECT source_id, target_type, target_id FROM item_links
     WHERE user_id = $1 AND source_id = ANY($2::uuid[]) AND source_type <> 'annotation'
     UNION
     SELECT a.idea_id, l.target_type, l.target_id
     FROM annotations a JOIN item_links l ON l.source_type = 'annotation' AND l.source_id = a.id
     WHERE a.user_id = $1 AND a.idea_id = ANY($2::uuid[]) AND l.user_id = $1
     ORDER BY 1, 2, 3`,
    [userId, sourceIds],
  );
  return rows;
}

/**
 * How many of the user's live items link to each of these, keyed `type:id` (none: not in the map);
 * an idea linking in its text and its 批注 counts once, as `backlinks` lists it.
 */
export async function backlinkCounts(
  db: Queryable,
  userId: string,
  refs: LinkRef[],
): Promise<Map<string, number>> {
  const { rows } = await db.query<{ target_type: LinkType; target_id: string; n: number }>(
    `SELECT l.target_type, l.target_id, count(DISTINCT coalesce(a.idea_id, l.source_id))::int AS n
     FROM item_links l LEFT JOIN annotations a ON l.source_type = 'annotation' AND a.id = l.source_id
     WHERE l.user_id = $1 AND l.target_id = ANY($2::uuid[]) GROUP BY l.target_type, l.target_id`,
    [userId, refs.map((r) => r.id)],
  );
  return new Map(rows.map((r) => [`${r.target_type}:${r.target_id}`, r.n]));
}
