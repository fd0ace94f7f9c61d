import type { Logger } from "../logger.ts";
import type { Queryable } from "./pool.ts";

/**
 * pgvector where the server has it: run after the migrations, at every start, in their transaction.
 * Not a numbered migration, because whether the extension exists is a property of the server that
 * changes (pgvector installed later) and no migration may fail where it is missing (the embedded
 * PostgreSQL, Debian 12's).
 *
 * The column is pgvector's `halfvec` (16-bit floats, 2 kB for 1024 dimensions, half `vector`'s size
 * and finer than the int8 copy; docs/benchmarks.md › pgvector) without a dimension: the model's
 * size is known only from its first answer, and a model change brings another size; searches
 * compare only rows of one model and size (services/embeddings). No approximate index: a search covers one user's rows (the btree on
 * user_id, model, dims finds them) and compares them all, exactly as the int8 path does; HNSW needs a
 * fixed dimension and filters by user only after its walk.
 *
 * STORAGE MAIN keeps a vector in its row (1024 dimensions are just past the 2 kB at which PostgreSQL
 * would otherwise move it to the TOAST table, one more lookup per compared row: 2–3× slower here).
 *
 * Returns whether the column is there: false without the extension, or when this database user may
 * not create it (pgvector is not a trusted extension: a superuser runs CREATE EXTENSION vector once).
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
