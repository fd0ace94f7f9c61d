import pg from "pg";
import type { Logger } from "../logger.ts";

// bigint counts (COUNT(*)) come back as JS numbers: our counts never exceed 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

// The hottest statements (auth, capture, lists, search, the chat path) are named: `{ name, text,
// values }`. pg then prepares each once per pooled connection, and PostgreSQL skips parsing and
// planning on every later call, which was a third of its CPU per request. A name must always
// stand for the same text: variants of a statement get names of their own. Statements whose
// best plan depends on the values (how common a word or a tag is) stay unnamed: after five runs
// PostgreSQL may keep one generic plan for every value.
export type Db = pg.Pool;
export type DbClient = pg.PoolClient;
export type Queryable = pg.Pool | pg.PoolClient;

/** No statement runs longer (DB_STATEMENT_TIMEOUT): one account's query cannot hold a connection for ever. */
export const STATEMENT_TIMEOUT_MS = 15_000;

export function createPool(config: pg.PoolConfig, logger: Logger): Db {
  const pool = new pg.Pool({
    max: 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    ...config,
  });
  // An idle client whose connection the server ends (restart, shutdown) emits 'error'; without
  // a handler that would crash the process.
  pool.on("error", (err) => logger.warn("idle database connection closed", { err: err.message }));
  loggers.set(pool, logger);
  return pool;
}

const loggers = new WeakMap<Db, Logger>();

/**
 * db.connect() plus an 'error' listener for as long as the client is checked out: pg-pool
 * removes its own idle listener on checkout, so a connection ended by the server while the
 * holder awaits something else would otherwise be an unhandled 'error' event — a crash.
 * The statement in progress fails anyway; the listener only logs. Call release() instead of
 * client.release(): it removes the listener and discards a connection that failed.
 */
export async function checkout(
  db: Db,
  onError?: (err: Error) => void,
): Promise<{ client: DbClient; release: (err?: Error) => void }> {
  const client = await db.connect();
  const listener = (err: Error) => {
    loggers.get(db)?.warn("database connection lost while in use", { err: err.message });
    onError?.(err);
  };
  client.on("error", listener);
  return {
    client,
    release: (err) => {
      client.off("error", listener);
      client.release(err);
    },
  };
}

/** Runs fn in one transaction; rolls back on any throw. */
export async function tx<T>(db: Db, fn: (client: DbClient) => Promise<T>): Promise<T> {
  if (shared.has(db)) return savepoint(await db.connect(), fn);
  const { client, release } = await checkout(db);
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch((e: Error) => {
      broken = e;
    });
    throw err;
  } finally {
    release(broken);
  }
}

const shared = new WeakSet<Db>();

/**
 * The transaction `client` is in, as a Db: whatever a store does on it, its own tx() included (a
 * savepoint then), commits or rolls back with that transaction. For one request that makes several
 * ordinary edits all or none (POST /api/items/edits).
 */
export function sharedTransaction(client: DbClient): Db {
  const held = new Proxy(client, {
    get: (target, key) => {
      if (key === "release") return () => {};
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const db = {
    query: client.query.bind(client),
    connect: async () => held,
  } as unknown as Db;
  shared.add(db);
  return db;
}

async function savepoint<T>(client: DbClient, fn: (client: DbClient) => Promise<T>): Promise<T> {
  await client.query("SAVEPOINT inner_edit");
  try {
    const result = await fn(client);
    await client.query("RELEASE SAVEPOINT inner_edit");
    return result;
  } catch (err) {
    await client.query("ROLLBACK TO SAVEPOINT inner_edit");
    throw err;
  }
}
