import type { Queryable } from "../db/pool.ts";

/** An upload is stored in chunks of this size (the last one of a part shorter). */
export const CHUNK_BYTES = 1024 * 1024;

export async function saveChunk(db: Queryable, jobId: string, part: number, seq: number, data: Buffer) {
  await db.query({
    name: "import-chunk-save",
    text: "INSERT INTO import_chunks (job_id, part, seq, data) VALUES ($1, $2, $3, $4)",
    values: [jobId, part, seq, data],
  });
}

/**
 * Bytes [from, from + length) of one chunk (fewer past its end, none past the part's). A range, not
 * the whole chunk: bytea arrives as hex text, twice its size, so a whole 1 MB chunk read for a
 * 30-byte zip header costs 3 MB of garbage.
 */
export async function readChunkRange(
  db: Queryable,
  jobId: string,
  part: number,
  seq: number,
  from: number,
  length: number,
): Promise<Buffer> {
  const { rows } = await db.query<{ data: Buffer }>({
    name: "import-chunk-read-range",
    text: "SELECT substring(data FROM $4 FOR $5) AS data FROM import_chunks WHERE job_id = $1 AND part = $2 AND seq = $3",
    values: [jobId, part, seq, from + 1, length],
  });
  return rows[0]?.data ?? Buffer.alloc(0);
}

export async function deleteChunks(db: Queryable, jobId: string) {
  await db.query("DELETE FROM import_chunks WHERE job_id = $1", [jobId]);
}
