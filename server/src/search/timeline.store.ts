import type { Queryable } from "../db/pool.ts";

export type TimelineRow = {
  type: "idea" | "note";
  id: string;
  title: string;
  content: string;
  created_at: Date;
};

/**
 * The newest `limit` ideas and notes under `tag` (or a tag below it), newest first, each text cut
 * to `chars`; items in 回收站 are not in these tables. Read through the tag_paths indexes.
 */
export async function itemsUnderTag(
  db: Queryable,
  userId: string,
  tag: string,
  limit: number,
  chars: number,
): Promise<TimelineRow[]> {
  const { rows } = await db.query<TimelineRow>({
    name: "timeline-tag",
    text: `SELECT * FROM (
       (SELECT 'idea' AS type, id, title, left(content, $4) AS content, created_at FROM ideas
        WHERE user_id = $1 AND tag_paths @> ARRAY[$2::text] ORDER BY created_at DESC, id DESC LIMIT $3)
       UNION ALL
       (SELECT 'note', id, title, left(content, $4), created_at FROM notes
        WHERE user_id = $1 AND tag_paths @> ARRAY[$2::text] ORDER BY created_at DESC, id DESC LIMIT $3)
     ) r ORDER BY created_at DESC, id DESC LIMIT $3`,
    values: [userId, tag, limit, chars],
  });
  return rows;
}

/** Which of these ideas and notes carry `tag` (or a tag below it). */
export async function idsUnderTag(
  db: Queryable,
  userId: string,
  ids: string[],
  tag: string,
): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>({
    name: "timeline-ids-under-tag",
    text: `SELECT id FROM ideas WHERE user_id = $1 AND id = ANY($2::uuid[]) AND tag_paths @> ARRAY[$3::text]
       UNION ALL
       SELECT id FROM notes WHERE user_id = $1 AND id = ANY($2::uuid[]) AND tag_paths @> ARRAY[$3::text]`,
    values: [userId, ids, tag],
  });
  return new Set(rows.map((r) => r.id));
}
