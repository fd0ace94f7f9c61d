import {
  ANNOTATIONS_PER_IDEA_MAX,
  type Annotation,
  CAPTURED_AT_MAX_AGE_DAYS,
  withTypedTags,
} from "@shinian/contract";
import type { Db, DbClient, Queryable } from "../db/pool.ts";
import type { Quota } from "../env.ts";
import { ApiError, notFound } from "../errors.ts";
import { usOf } from "../http/cursor.ts";
import { quotaTx } from "../points/usage.store.ts";
import { annotationVector, ideaVector } from "../search/words.ts";
import { oldestFirst } from "../shared/keyset.ts";
import { attachToCapture, findIdeaRow, type IdeaRow } from "./ideas.store.ts";

/**
 * 批注 (migration 045): dated follow-ups under an idea, oldest first. Their pictures and recording
 * are attachments whose item is the 批注 (its id): they stay with it in 回收站 (the idea's trash row
 * keeps the 批注 by id) and the sweep takes them once neither holds it (attachments.store.ts).
 */

type AnnotationRow = { id: string; idea_id: string; content: string; created_at: Date };

const COLUMNS = "id, idea_id, content, created_at";

export const toAnnotation = (r: AnnotationRow): Annotation => ({
  id: r.id,
  content: r.content,
  createdAt: r.created_at.toISOString(),
});

async function assertIdeaExists(db: Queryable, userId: string, ideaId: string) {
  const idea = await db.query("SELECT 1 FROM ideas WHERE id = $1 AND user_id = $2", [ideaId, userId]);
  if (!idea.rowCount) throw notFound("想法不存在");
}

/** The idea's whole thread, oldest first; 404 想法不存在 when it is not the user's or is in 回收站. */
export async function listAnnotations(db: Queryable, userId: string, ideaId: string): Promise<Annotation[]> {
  await assertIdeaExists(db, userId, ideaId);
  const { rows } = await db.query<AnnotationRow>(
    `SELECT ${COLUMNS} FROM annotations WHERE idea_id = $1 AND user_id = $2
     ORDER BY created_at, id LIMIT ${ANNOTATIONS_PER_IDEA_MAX}`,
    [ideaId, userId],
  );
  return rows.map(toAnnotation);
}

export type NewAnnotation = {
  content: string;
  clientId: string | null;
  capturedAt: Date | null;
  /** Uploaded files for it, in order (a repeat attaches nothing). */
  attachmentIds?: string[] | undefined;
};

/**
 * Appends a 批注 to one of the user's ideas (404 想法不存在), with the idea locked: a repeat of a
 * clientId makes nothing and gives back the first (`created: false`). Its time is `capturedAt`
 * clamped to [the idea's time, now] and at most CAPTURED_AT_MAX_AGE_DAYS back, so a thread queued
 * offline keeps its order. `#标签` typed in it join the idea's tags (and its search words): the
 * idea changes then, and its updated event goes out with the change (migration 041's trigger).
 */
export async function createAnnotation(
  db: Db,
  quota: Quota,
  userId: string,
  ideaId: string,
  input: NewAnnotation,
): Promise<{ annotation: Annotation; created: boolean }> {
  const search = await annotationVector(input.content);
  return quotaTx(db, quota, async (client) => {
    const idea = await findIdeaRow(client, userId, ideaId, true);
    const repeat = input.clientId ? await byClientId(client, userId, input.clientId) : undefined;
    if (repeat) return { annotation: toAnnotation(repeat), created: false };
    const { rows: count } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM annotations WHERE idea_id = $1 AND user_id = $2",
      [ideaId, userId],
    );
    if (count[0]!.n >= ANNOTATIONS_PER_IDEA_MAX)
      throw new ApiError("VALIDATION_ERROR", `每条想法最多 ${ANNOTATIONS_PER_IDEA_MAX} 条批注`);
    const { rows } = await client.query<AnnotationRow>(
      `INSERT INTO annotations (user_id, idea_id, content, client_id, search, created_at)
       VALUES ($1, $2, $3, $4, $5::tsvector, GREATEST(LEAST(
         COALESCE('epoch'::timestamptz + $6::bigint * interval '1 millisecond', now()), now()),
         now() - make_interval(days => $7), $8::timestamptz))
       ON CONFLICT (user_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        userId,
        ideaId,
        input.content,
        input.clientId,
        search,
        input.capturedAt?.getTime() ?? null,
        CAPTURED_AT_MAX_AGE_DAYS,
        idea.created_at,
      ],
    );
    // a repeat racing this one on another idea's lock met the unique index
    if (!rows[0])
      return {
        annotation: toAnnotation((await byClientId(client, userId, input.clientId!))!),
        created: false,
      };
    if (input.attachmentIds?.length)
      await attachToCapture(client, userId, rows[0].id, input.attachmentIds, "每条批注");
    await addTypedTags(client, userId, idea, input.content);
    return { annotation: toAnnotation(rows[0]), created: true };
  });
}

async function byClientId(db: Queryable, userId: string, clientId: string) {
  const { rows } = await db.query<AnnotationRow>(
    `SELECT ${COLUMNS} FROM annotations WHERE user_id = $1 AND client_id = $2`,
    [userId, clientId],
  );
  return rows[0];
}

/** The `#标签` of a 批注 become the idea's, as those typed at capture do. */
async function addTypedTags(client: DbClient, userId: string, idea: IdeaRow, content: string) {
  const tags = withTypedTags(idea.tags, content);
  if (tags.join("\n") === idea.tags.join("\n")) return;
  const search = await ideaVector({
    title: idea.title,
    content: idea.content,
    originalContent: idea.original_content,
    tags,
  });
  await client.query(
    "UPDATE ideas SET tags = $3, search = $4::tsvector, updated_at = now() WHERE id = $1 AND user_id = $2",
    [idea.id, userId, tags, search],
  );
}

/** How many 批注 each of these ideas has (absent: none); one query for a page. */
export async function annotationCounts(db: Queryable, userId: string, ideaIds: string[]) {
  const counts = new Map<string, number>();
  if (!ideaIds.length) return counts;
  const { rows } = await db.query<{ idea_id: string; n: number }>(
    `SELECT idea_id, count(*)::int AS n FROM annotations WHERE user_id = $1 AND idea_id = ANY($2::uuid[])
     GROUP BY idea_id`,
    [userId, ideaIds],
  );
  for (const r of rows) counts.set(r.idea_id, r.n);
  return counts;
}

/** Items with `annotationCount` on their ideas (a note is left as it is). */
export async function withAnnotationCounts<T extends { id: string; type?: string }>(
  db: Queryable,
  userId: string,
  items: T[],
): Promise<T[]> {
  const ideas = items.filter((i) => i.type === undefined || i.type === "idea");
  const counts = await annotationCounts(
    db,
    userId,
    ideas.map((i) => i.id),
  );
  return items.map((i) =>
    i.type === undefined || i.type === "idea" ? { ...i, annotationCount: counts.get(i.id) ?? 0 } : i,
  );
}

/**
 * The newest `perIdea` 批注 of each of these ideas, oldest first within an idea: what the AI reads
 * of them with the idea (ai/grounding.ts), bounded however long a thread grows. With `matching` (a
 * question's words), the 批注 that hold one of them come first, however old.
 */
export async function latestAnnotations(
  db: Queryable,
  userId: string,
  ideaIds: string[],
  perIdea: number,
  matching: string | null = null,
) {
  const byIdea = new Map<string, Annotation[]>();
  if (!ideaIds.length) return byIdea;
  const { rows } = await db.query<AnnotationRow>(
    `SELECT a.id, a.idea_id, a.content, a.created_at FROM unnest($2::uuid[]) AS i (id) CROSS JOIN LATERAL (
       SELECT ${COLUMNS} FROM annotations WHERE idea_id = i.id AND user_id = $1
       ORDER BY coalesce(search @@ $4::tsquery, false) DESC, created_at DESC, id DESC LIMIT $3) a
     ORDER BY a.created_at, a.id`,
    [userId, ideaIds, perIdea, matching],
  );
  for (const r of rows) byIdea.set(r.idea_id, [...(byIdea.get(r.idea_id) ?? []), toAnnotation(r)]);
  return byIdea;
}

type ExportedAnnotationRow = AnnotationRow & { cursor_us: string };

/** Every 批注 of the user, oldest first, `size` at a time (the export's `annotations`). */
export async function* annotationBatches(db: Queryable, userId: string, size: number) {
  const columns = `${COLUMNS}, ${usOf("created_at")} AS cursor_us`;
  for await (const rows of oldestFirst<ExportedAnnotationRow>(db, "annotations", columns, userId, size)) {
    yield rows.map((r) => ({ ...toAnnotation(r), ideaId: r.idea_id }));
  }
}
