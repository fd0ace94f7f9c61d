/**
 * Vectors of ideas and notes and the queue of items waiting for one (migration 019; the triggers
 * there fill the queue on every write). search/embeddings holds the rules.
 */
import type { ItemRef } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";
import { noteFromExcludedIdea } from "./search.store.ts";

export type Claimed = {
  id: string;
  user_id: string;
  type: "idea" | "note";
  ticket: string;
  attempts: number;
};

/**
 * Up to `limit` due items, leased to this process for `leaseMs`: another process skips them (SKIP
 * LOCKED while claiming, the lease after), and takes them over once the lease has run out. Every
 * write sets its row's due_at to now(): an item is claimed only `graceMs` (AI_TIDY_GRACE) after
 * it, so an idea marked 不让AI读取 or deleted that soon after capture is never sent.
 */
export async function claimDue(
  db: Queryable,
  limit: number,
  leaseMs: number,
  graceMs: number,
): Promise<Claimed[]> {
  const { rows } = await db.query<Claimed>({
    name: "embedding-claim",
    text: `UPDATE embedding_queue q SET leased_until = now() + $2 * interval '1 millisecond', attempts = q.attempts + 1
     FROM (SELECT id FROM embedding_queue
           WHERE due_at <= now() - $3 * interval '1 millisecond' AND (leased_until IS NULL OR leased_until < now())
           ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED) c
     WHERE q.id = c.id
     RETURNING q.id, q.user_id, q.type, q.ticket::text, q.attempts`,
    values: [limit, leaseMs, graceMs],
  });
  return rows;
}

export type EmbedSource = { id: string; title: string; tags: string[]; content: string };

/**
 * The texts of the claimed items that may be sent: never an idea marked 不让AI读取 nor a note
 * written from one (those are left out here and dropped by the caller). A note's first
 * `maxChars` characters only.
 */
export async function readSources(db: Queryable, ids: string[], maxChars: number): Promise<EmbedSource[]> {
  const { rows } = await db.query<EmbedSource>({
    name: "embedding-sources",
    text: `SELECT id, title, tags, left(content, $2) AS content FROM ideas WHERE id = ANY($1::uuid[]) AND NOT ai_excluded
     UNION ALL
     SELECT id, title, tags, left(content, $2) FROM notes n WHERE id = ANY($1::uuid[]) AND NOT ${noteFromExcludedIdea("n")}`,
    values: [ids, maxChars],
  });
  return rows;
}

/** The model and text hash of the items' stored vectors. */
export async function storedHashes(
  db: Queryable,
  ids: string[],
): Promise<Map<string, { model: string; hash: Buffer }>> {
  const { rows } = await db.query<{ id: string; model: string; text_hash: Buffer }>({
    name: "embedding-hashes",
    text: "SELECT id, model, text_hash FROM item_embeddings WHERE id = ANY($1::uuid[])",
    values: [ids],
  });
  return new Map(rows.map((r) => [r.id, { model: r.model, hash: r.text_hash }]));
}

export type NewVector = {
  id: string;
  ticket: string;
  userId: string;
  type: "idea" | "note";
  hash: Buffer;
  dims: number;
  scale: number;
  vec: Buffer;
  /** The vector at unit length, for pgvector's column (db/pgvector.ts) where there is one. */
  unit: Float32Array;
};

/** pgvector's text form of a vector (halfvec's too): [0.1,-0.2,…]. */
export const vectorLiteral = (v: ArrayLike<number>) => `[${Array.from(v).join(",")}]`;

/**
 * Stores each vector and takes its item off the queue, in one statement: only while its queue row
 * still has the claimed ticket. A text written (or a mark set, an item deleted) during the call
 * changed or removed the row, and the vector of the older text is not stored. With `pgvector`
 * also into its column (the int8 bytes stay: the server can go back to them without the extension).
 */
export async function storeVectors(
  db: Queryable,
  model: string,
  vectors: NewVector[],
  { pgvector = false } = {},
): Promise<number> {
  if (vectors.length === 0) return 0;
  const embedding = pgvector
    ? { column: ", embedding", value: ", v.embedding::halfvec", update: ", embedding = EXCLUDED.embedding" }
    : { column: "", value: "", update: "" };
  const { rowCount } = await db.query({
    name: pgvector ? "embedding-store-pgvector" : "embedding-store",
    text: `WITH v AS (
       SELECT * FROM unnest($2::uuid[], $3::bigint[], $4::uuid[], $5::text[], $6::bytea[], $7::int[], $8::real[], $9::bytea[], $10::text[])
         AS v(id, ticket, user_id, type, hash, dims, scale, vec, embedding)
     ), done AS (
       DELETE FROM embedding_queue q USING v WHERE q.id = v.id AND q.ticket = v.ticket RETURNING q.id
     )
     INSERT INTO item_embeddings (id, user_id, type, model, dims, scale, vec, text_hash${embedding.column})
     SELECT v.id, v.user_id, v.type, $1, v.dims, v.scale, v.vec, v.hash${embedding.value} FROM v JOIN done USING (id)
     ON CONFLICT (id) DO UPDATE SET model = EXCLUDED.model, dims = EXCLUDED.dims, scale = EXCLUDED.scale,
       vec = EXCLUDED.vec, text_hash = EXCLUDED.text_hash${embedding.update}, updated_at = now()`,
    values: [
      model,
      vectors.map((v) => v.id),
      vectors.map((v) => v.ticket),
      vectors.map((v) => v.userId),
      vectors.map((v) => v.type),
      vectors.map((v) => v.hash),
      vectors.map((v) => v.dims),
      vectors.map((v) => v.scale),
      vectors.map((v) => v.vec),
      vectors.map((v) => (pgvector ? vectorLiteral(v.unit) : null)),
    ],
  });
  return rowCount ?? 0;
}

/** Takes items off the queue (their ticket unchanged): embedded already, deleted, or not to be sent. */
export async function dropClaimed(db: Queryable, items: { id: string; ticket: string }[]): Promise<void> {
  if (items.length === 0) return;
  await db.query({
    name: "embedding-drop",
    text: `DELETE FROM embedding_queue q USING unnest($1::uuid[], $2::bigint[]) AS c(id, ticket)
           WHERE q.id = c.id AND q.ticket = c.ticket`,
    values: [items.map((i) => i.id), items.map((i) => i.ticket)],
  });
}

/** Vectors of items that may no longer be sent (marked 不让AI读取 since they were queued). */
export async function deleteVectors(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length) await db.query("DELETE FROM item_embeddings WHERE id = ANY($1::uuid[])", [ids]);
}

/**
 * Back on the queue, due again in `delayMs` (the lease lifted): after a failed call, or, without
 * `countAttempt`, when the call was not made (no points) and the try does not count.
 */
export async function releaseClaimed(
  db: Queryable,
  ids: string[],
  delayMs: number,
  { countAttempt = true } = {},
): Promise<void> {
  if (ids.length === 0) return;
  await db.query({
    name: "embedding-release",
    text: `UPDATE embedding_queue SET leased_until = NULL, due_at = now() + $2 * interval '1 millisecond',
             attempts = attempts - CASE WHEN $3 THEN 0 ELSE 1 END
           WHERE id = ANY($1::uuid[])`,
    values: [ids, delayMs, countAttempt],
  });
}

/**
 * Queues every item that has no vector of `model`: those written before embeddings were switched
 * on, and all of them after a model change. Items that may not be sent are left out.
 */
export async function enqueueMissing(db: Queryable, model: string): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO embedding_queue (id, user_id, type)
     SELECT id, user_id, 'idea' FROM ideas i WHERE NOT ai_excluded
       AND NOT EXISTS (SELECT 1 FROM item_embeddings e WHERE e.id = i.id AND e.model = $1)
     UNION ALL
     SELECT id, user_id, 'note' FROM notes n WHERE NOT ${noteFromExcludedIdea("n")}
       AND NOT EXISTS (SELECT 1 FROM item_embeddings e WHERE e.id = n.id AND e.model = $1)
     ON CONFLICT (id) DO NOTHING`,
    [model],
  );
  return rowCount ?? 0;
}

/**
 * With embeddings off nothing works the queue: it is emptied of items without a vector
 * (enqueueMissing refills those). An item with one keeps its row, so that a text edited meanwhile
 * is embedded again (its hash compared) once embeddings are back on.
 */
export async function clearQueue(db: Queryable): Promise<void> {
  await db.query(
    "DELETE FROM embedding_queue q WHERE NOT EXISTS (SELECT 1 FROM item_embeddings e WHERE e.id = q.id)",
  );
}

/** The user's items still waiting for a vector. */
export async function pendingCount(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>({
    name: "embedding-pending",
    text: "SELECT count(*)::int AS n FROM embedding_queue WHERE user_id = $1",
    values: [userId],
  });
  return rows[0]?.n ?? 0;
}

/** Changes whenever the user's vectors change (migration 019's trigger); 0 before any. */
export async function vectorGeneration(db: Queryable, userId: string): Promise<string> {
  const { rows } = await db.query<{ generation: string }>({
    name: "embedding-generation",
    text: "SELECT generation::text FROM embedding_generations WHERE user_id = $1",
    values: [userId],
  });
  return rows[0]?.generation ?? "0";
}

export type VectorRow = { id: string; type: "idea" | "note"; scale: number; vec: Buffer };

/** All of the user's vectors of one model and size, and the database's time of the read. */
export async function userVectors(
  db: Queryable,
  userId: string,
  model: string,
  dims: number,
): Promise<{ rows: VectorRow[]; readAt: Date }> {
  const { rows } = await db.query<VectorRow & { read_at: Date }>({
    name: "embedding-user-vectors",
    text: `SELECT now() AS read_at, e.* FROM (SELECT 1) one LEFT JOIN LATERAL (
       SELECT id, type, scale, vec FROM item_embeddings WHERE user_id = $1 AND model = $2 AND dims = $3) e ON true`,
    values: [userId, model, dims],
  });
  return { rows: rows.filter((r) => r.id), readAt: rows[0]!.read_at };
}

/**
 * The user's vectors of one model and size written since `since`, how many there are in all, and
 * the database's time of the read: what a process needs to bring its copy up to date.
 */
export async function vectorsSince(
  db: Queryable,
  userId: string,
  model: string,
  dims: number,
  since: Date,
): Promise<{ rows: VectorRow[]; total: number; readAt: Date }> {
  const { rows } = await db.query<VectorRow & { total: number; read_at: Date }>({
    name: "embedding-vectors-since",
    text: `SELECT now() AS read_at, c.total, e.* FROM (
         SELECT count(*)::int AS total FROM item_embeddings WHERE user_id = $1 AND model = $2 AND dims = $3) c
       LEFT JOIN LATERAL (
         SELECT id, type, scale, vec FROM item_embeddings
         WHERE user_id = $1 AND model = $2 AND dims = $3 AND updated_at >= $4) e ON true`,
    values: [userId, model, dims, since],
  });
  return { rows: rows.filter((r) => r.id), total: rows[0]!.total, readAt: rows[0]!.read_at };
}

/** One item's stored vector (the user's own), with its model. */
export async function itemVector(
  db: Queryable,
  userId: string,
  ref: ItemRef,
): Promise<{ model: string; dims: number; scale: number; vec: Buffer } | undefined> {
  const { rows } = await db.query<{ model: string; dims: number; scale: number; vec: Buffer }>({
    name: "embedding-item-vector",
    text: "SELECT model, dims, scale, vec FROM item_embeddings WHERE id = $1 AND user_id = $2 AND type = $3",
    values: [ref.id, userId, ref.type],
  });
  return rows[0];
}

/**
 * pgvector's answer to nearestTo (search/embeddings/vector-index.ts): the user's `limit` items of
 * this model and size with the largest dot product with `query` (unit vectors: their cosine), in SQL.
 */
export async function nearestInSql(
  db: Queryable,
  userId: string,
  model: string,
  query: ArrayLike<number>,
  limit: number,
  except?: string,
): Promise<{ id: string; type: "idea" | "note"; score: number }[]> {
  const { rows } = await db.query<{ id: string; type: "idea" | "note"; score: number }>({
    name: "embedding-nearest-pgvector",
    // <#> is the negated inner product: ascending order is the most similar first
    text: `SELECT id, type, -(embedding <#> $4::halfvec) AS score FROM item_embeddings
       WHERE user_id = $1 AND model = $2 AND dims = $3 AND embedding IS NOT NULL AND id IS DISTINCT FROM $6::uuid
       ORDER BY embedding <#> $4::halfvec LIMIT $5`,
    values: [userId, model, query.length, vectorLiteral(query), limit, except ?? null],
  });
  return rows;
}
