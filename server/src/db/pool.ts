import pg from "pg";
import type { Logger } from "../logger.ts";

// bigint counts (COUNT(*)) come back as JS numbers: our counts never exceed 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export type Db = pg.Pool;
export type DbClient = pg.PoolClient;
export type Queryable = pg.Pool | pg.PoolClient;

export function createPool(config: pg.PoolConfig, logger: Logger): Db {
  const pool = new pg.Pool({
    max: 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    ...config,
  });
  // An idle client whose connection the server ends (restart, shutdown) emits 'error'; without
  // a handler that would crash the process.
  pool.on("error", (err) => logger.warn("idle database connection closed", { err: err.message }));
  return pool;
}

/** Runs fn in one transaction; rolls back on any throw. */
export async function tx<T>(db: Db, fn: (client: DbClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query("BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
