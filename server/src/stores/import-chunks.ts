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

/** One whole chunk, or an empty buffer past the end. */
export async function readChunk(db: Queryable, jobId: string, part: number, seq: number): Promise<Buffer> {
  const { rows } = await db.query<{ data: Buffer }>({
    name: "import-chunk-read",
    text: "SELECT data FROM import_chunks WHERE job_id = $1 AND part = $2 AND seq = $3",
    values: [jobId, part, seq],
  });
  return rows[0]?.data ?? Buffer.alloc(0);
}

export async function deleteChunks(db: Queryable, jobId: string) {
  await db.query("DELETE FROM import_chunks WHERE job_id = $1", [jobId]);
}
