import type { Logger } from "../logger.ts";
import type { Queryable } from "./pool.ts";

/**
 * pgvector where the server has it: run after the migrations at every start, in their transaction
 * (not a numbered migration: the extension may come later, and no migration may fail without it).
 * A `halfvec` column with no fixed dimension (the model's size comes from its first answer), kept in
 * its row (STORAGE MAIN), no approximate index. Returns whether the column is there: false without the
 * extension or the right to create it (server/docs/internals.md, "Embeddings", pgvector).
 */
export async function enablePgvector(client: Queryable, logger: Logger): Promise<boolean> {
  const available = await client.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'");
  if (!available.rowCount) return false;
  await client.query("SAVEPOINT pgvector");
  try {
    await client.query("CREATE EXTENSION IF NOT EXISTS vector");
    if (!(await hasColumn(client))) {
      await client.query("ALTER TABLE item_embeddings ADD COLUMN embedding halfvec");
      await client.query("ALTER TABLE item_embeddings ALTER COLUMN embedding SET STORAGE MAIN");
      // finds at each start the rows a process that did not know the column yet wrote
      await client.query(
        "CREATE INDEX item_embeddings_without_vector ON item_embeddings (id) WHERE embedding IS NULL",
      );
      logger.info("pgvector enabled: vectors are compared in SQL");
    }
    // from the int8 bytes (scale × byte): the stored texts need not be sent to the provider again
    const filled = await client.query(
      `UPDATE item_embeddings e SET embedding = (
         SELECT array_agg(((get_byte(e.vec, i) + 128) % 256 - 128) * e.scale ORDER BY i)::real[]
         FROM generate_series(0, e.dims - 1) i)::halfvec
       WHERE embedding IS NULL`,
    );
    if (filled.rowCount) logger.info("pgvector: stored vectors copied", { vectors: filled.rowCount });
    await client.query("RELEASE SAVEPOINT pgvector");
    return true;
  } catch (err) {
    await client.query("ROLLBACK TO SAVEPOINT pgvector");
    logger.warn("pgvector is available but could not be enabled; vectors are compared in the server", {
      err,
    });
    return false;
  }
}

export async function hasColumn(db: Queryable): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM pg_attribute WHERE attrelid = 'item_embeddings'::regclass
       AND attname = 'embedding' AND NOT attisdropped`,
  );
  return (rowCount ?? 0) > 0;
}

const known = new WeakMap<object, Promise<boolean>>();

/**
 * Whether this database compares vectors with pgvector (its column exists), asked once per pool:
 * the answer changes only at a start (enablePgvector above, inside migrate).
 */
export function usesPgvector(db: Queryable): Promise<boolean> {
  let answer = known.get(db);
  if (!answer) {
    answer = hasColumn(db);
    answer.catch(() => known.delete(db));
    known.set(db, answer);
  }
  return answer;
}
