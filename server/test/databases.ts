import type pg from "pg";

export type TestDatabase = { name: string; config: pg.PoolConfig & { connectionString?: string } };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabases: TestDatabase[];
  }
}

/** The name of the database `config` connects to. */
export function databaseOf(config: TestDatabase["config"]): string {
  if (config.connectionString) return decodeURIComponent(new URL(config.connectionString).pathname.slice(1));
  if (!config.database) throw new Error("a test database's config names no database");
  return config.database;
}

/** `config` pointed at another database of the same server. */
export function withDatabase(config: TestDatabase["config"], database: string): TestDatabase["config"] {
  if (!config.connectionString) return { ...config, database };
  const url = new URL(config.connectionString);
  url.pathname = `/${database}`;
  return { ...config, connectionString: url.toString() };
}

/** The copy of a test database that vitest worker `id` (VITEST_POOL_ID, 1…maxWorkers) uses. */
export const workerDatabaseName = (database: string, id: number) => `${database}_w${id}`;

/**
 * This worker's own copy of `target` (made by global-setup.ts): files that run at once never share
 * tables, so a suite may count rows or connections database-wide (tag_rederive, pg_stat_activity).
 */
export function forThisWorker(target: TestDatabase): TestDatabase {
  const id = Number(process.env.VITEST_POOL_ID ?? "1");
  return {
    name: target.name,
    config: withDatabase(target.config, workerDatabaseName(databaseOf(target.config), id)),
  };
}
