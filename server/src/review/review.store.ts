import { randomUUID } from "node:crypto";
import type { FeedItem } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";
import { IDEA_COLUMNS, type IdeaRow, toIdea } from "../items/ideas.store.ts";
import { NOTE_SUMMARY_COLUMNS, type NoteSummaryRow, toNoteSummary } from "../items/notes.store.ts";

/**
 * 每日回顾 and 那年今日 (migration 015). A day's set is drawn once and kept in review_days; every
 * item's review history (shown how often, last shown, 不再回顾) is in review_items.
 */

/** An item shown on any of this many days before is drawn again only when too few others remain. */
export const RECENT_DAYS = 14;
/** Ideas, and notes, drawn from on each side of a random id: the day's draw reads at most 4 × this. */
const WINDOW = 1000;
/** 那年今日 lists at most this many. */
export const ON_THIS_DAY_AT_MOST = 50;
/** A day's set is kept this long (the history that matters is in review_items). */
const KEEP_DAYS = 30;

const BEIJING_MIDNIGHT = "(($2::date)::timestamp AT TIME ZONE 'Asia/Shanghai')";

/** Both sides of the pivot $3 in one table, created before the day began (Beijing). */
const windowOf = (table: "ideas" | "notes") => `
  (SELECT id, created_at FROM ${table} WHERE user_id = $1 AND id >= $3 AND created_at < ${BEIJING_MIDNIGHT}
   ORDER BY id LIMIT ${WINDOW})
  UNION ALL
  (SELECT id, created_at FROM ${table} WHERE user_id = $1 AND id < $3 AND created_at < ${BEIJING_MIDNIGHT}
   ORDER BY id DESC LIMIT ${WINDOW})`;

/**
 * Draws the user's set for `day` unless one exists, in one statement: items not shown in the last
 * RECENT_DAYS days first, then a weighted random pick favouring older and less often shown ones. A set
 * drawn concurrently by another process wins at the primary key. A set drawn empty is replaced once a
 * draw finds something: an import brings items from before today, which would otherwise wait a day
 * (server/docs/internals.md, "每日回顾 and 那年今日").
 */
export async function drawReviewDay(
  db: Queryable,
  userId: string,
  day: string,
  count: number,
): Promise<void> {
  await db.query(
    `WITH pool AS (${windowOf("ideas")} UNION ALL ${windowOf("notes")}),
       ranked AS (
         SELECT p.id,
           (r.last_shown_on >= $2::date - ${RECENT_DAYS}) IS TRUE AS recent,
           -ln(1 - random()) * (coalesce(r.shown_count, 0) + 1)
             / (extract(epoch FROM ${BEIJING_MIDNIGHT} - p.created_at) / 86400 + 1) AS draw
         FROM pool p LEFT JOIN review_items r ON r.user_id = $1 AND r.item_id = p.id
         WHERE r.excluded IS NOT TRUE
         ORDER BY recent, draw LIMIT $4),
       made AS (
         INSERT INTO review_days (user_id, day, item_ids)
         SELECT $1, $2, coalesce(array_agg(id ORDER BY recent, draw), '{}') FROM ranked
         ON CONFLICT (user_id, day) DO UPDATE SET item_ids = excluded.item_ids, done_ids = '{}'
           WHERE review_days.item_ids = '{}' AND excluded.item_ids <> '{}'
         RETURNING item_ids),
       shown AS (
         INSERT INTO review_items (user_id, item_id, shown_count, last_shown_on)
         SELECT $1, unnest(item_ids), 1, $2 FROM made
         ON CONFLICT (user_id, item_id) DO UPDATE
           SET shown_count = review_items.shown_count + 1, last_shown_on = excluded.last_shown_on)
     DELETE FROM review_days d USING made
     WHERE d.user_id = $1 AND d.day < $2::date - ${KEEP_DAYS}`,
    [userId, day, randomUUID(), count],
  );
}

export type ReviewDay = { itemIds: string[]; doneIds: string[] };

export async function findReviewDay(db: Queryable, userId: string, day: string): Promise<ReviewDay | null> {
  const { rows } = await db.query<{ item_ids: string[]; done_ids: string[] }>(
    "SELECT item_ids, done_ids FROM review_days WHERE user_id = $1 AND day = $2",
    [userId, day],
  );
  return rows[0] ? { itemIds: rows[0].item_ids, doneIds: rows[0].done_ids } : null;
}

const notExcluded = (alias: string) =>
  `NOT EXISTS (SELECT 1 FROM review_items r WHERE r.user_id = $1 AND r.item_id = ${alias}.id AND r.excluded)`;

/** The user's ideas and notes with these ids that are not 不再回顾, in the feed's shape and the order given. */
export async function reviewableItems(db: Queryable, userId: string, ids: string[]): Promise<FeedItem[]> {
  if (!ids.length) return [];
  const [ideas, notes] = await Promise.all([
    db.query<IdeaRow>(
      `SELECT ${IDEA_COLUMNS} FROM ideas i WHERE user_id = $1 AND id = ANY($2::uuid[]) AND ${notExcluded("i")}`,
      [userId, ids],
    ),
    db.query<NoteSummaryRow>(
      `SELECT ${NOTE_SUMMARY_COLUMNS} FROM notes n WHERE user_id = $1 AND id = ANY($2::uuid[]) AND ${notExcluded("n")}`,
      [userId, ids],
    ),
  ]);
  const byId = new Map<string, FeedItem>();
  for (const r of ideas.rows) byId.set(r.id, { type: "idea", ...toIdea(r) });
  for (const r of notes.rows) byId.set(r.id, { type: "note", ...toNoteSummary(r) });
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Marks one item of the day's set 记住了; the day's done ids after it, or null when it is not in
 * the set, or has left it since (deleted to 回收站, or 不再回顾): the day's answer no longer has it.
 */
export async function markDone(db: Queryable, userId: string, day: string, itemId: string) {
  const { rows } = await db.query<{ done_ids: string[] }>(
    `UPDATE review_days
     SET done_ids = CASE WHEN $3::uuid = ANY(done_ids) THEN done_ids ELSE array_append(done_ids, $3::uuid) END
     WHERE user_id = $1 AND day = $2 AND $3::uuid = ANY(item_ids)
       AND EXISTS (SELECT 1 FROM ideas i WHERE i.user_id = $1 AND i.id = $3 AND ${notExcluded("i")}
                   UNION ALL SELECT 1 FROM notes n WHERE n.user_id = $1 AND n.id = $3 AND ${notExcluded("n")})
     RETURNING done_ids`,
    [userId, day, itemId],
  );
  return rows[0]?.done_ids ?? null;
}

const OWNED_ITEM = `(SELECT id FROM ideas WHERE user_id = $1 AND id = $2
   UNION ALL SELECT id FROM notes WHERE user_id = $1 AND id = $2)`;

/** Sets or clears 不再回顾 on one of the user's ideas or notes; false when the user has no such item. */
export async function setExcluded(db: Queryable, userId: string, itemId: string, excluded: boolean) {
  const { rows } = await db.query<{ n: number }>(
    `WITH item AS ${OWNED_ITEM},
       saved AS (
         INSERT INTO review_items (user_id, item_id, excluded) SELECT $1, id, $3 FROM item
         ON CONFLICT (user_id, item_id) DO UPDATE SET excluded = $3)
     SELECT count(*)::int AS n FROM item`,
    [userId, itemId, excluded],
  );
  return rows[0]!.n > 0;
}

/** Whether one of the user's items is 不再回顾; null when the user has no such item. */
export async function isExcluded(db: Queryable, userId: string, itemId: string): Promise<boolean | null> {
  const { rows } = await db.query<{ excluded: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM review_items WHERE user_id = $1 AND item_id = $2 AND excluded) AS excluded
     FROM ${OWNED_ITEM} item`,
    [userId, itemId],
  );
  return rows[0]?.excluded ?? null;
}

/**
 * The user's ideas and notes captured on these Beijing dates, newest first, at most
 * ON_THIS_DAY_AT_MOST; none marked 不再回顾.
 */
export async function capturedOn(db: Queryable, userId: string, dates: string[]): Promise<FeedItem[]> {
  if (!dates.length) return [];
  const onDates = (
    alias: string,
  ) => `user_id = $1 AND (created_at AT TIME ZONE 'Asia/Shanghai')::date = ANY($2::date[])
    AND ${notExcluded(alias)} ORDER BY created_at DESC, id DESC LIMIT ${ON_THIS_DAY_AT_MOST}`;
  const [ideas, notes] = await Promise.all([
    db.query<IdeaRow>(`SELECT ${IDEA_COLUMNS} FROM ideas i WHERE ${onDates("i")}`, [userId, dates]),
    db.query<NoteSummaryRow>(`SELECT ${NOTE_SUMMARY_COLUMNS} FROM notes n WHERE ${onDates("n")}`, [
      userId,
      dates,
    ]),
  ]);
  const items: FeedItem[] = [
    ...ideas.rows.map((r): FeedItem => ({ type: "idea", ...toIdea(r) })),
    ...notes.rows.map((r): FeedItem => ({ type: "note", ...toNoteSummary(r) })),
  ];
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, ON_THIS_DAY_AT_MOST);
}

/**
 * The user's review history, `size` rows at a time by item id (the export's `review`): for each
 * idea or note ever shown or marked, how often and when last it was shown, and 不再回顾.
 */
export async function* reviewBatches(db: Queryable, userId: string, size: number) {
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const { rows } = await db.query<{
      item_id: string;
      shown_count: number;
      last_shown_on: string | null;
      excluded: boolean;
    }>(
      `SELECT item_id, shown_count, to_char(last_shown_on, 'YYYY-MM-DD') AS last_shown_on, excluded
       FROM review_items WHERE user_id = $1 AND item_id > $2 ORDER BY item_id LIMIT $3`,
      [userId, after, size],
    );
    if (rows.length) {
      yield rows.map((r) => ({
        itemId: r.item_id,
        shownCount: r.shown_count,
        lastShownOn: r.last_shown_on,
        excluded: r.excluded,
      }));
    }
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.item_id;
  }
}
