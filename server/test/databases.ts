import type pg from "pg";

export type TestDatabase = { name: string; config: pg.PoolConfig & { connectionString?: string } };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabases: TestDatabase[];
  }
}
