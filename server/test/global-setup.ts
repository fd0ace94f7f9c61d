import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrate } from "../src/db/migrate.ts";
import { createLogger } from "../src/logger.ts";
import { databaseOf, type TestDatabase, withDatabase, workerDatabaseName } from "./databases.ts";

const logger = createLogger("warn", { component: "test-setup" });

/**
 * The suite runs against real PostgreSQL: always the embedded engine (fresh cluster per run),
 * and also the server named by TEST_DATABASE_URL (a fresh database per run, dropped after).
 * Each is migrated once, then copied for every worker (databases.ts, forThisWorker).
 */
export default async function setup(project: TestProject) {
  const databases: TestDatabase[] = [];
  /** Where CREATE/DROP DATABASE run for each: any database but the one copied. */
  const admins = new Map<TestDatabase, pg.ClientConfig>();
  const cleanups: (() => Promise<void>)[] = [];
  const workers = Math.max(1, project.config.maxWorkers);

  if (process.env.TEST_EMBEDDED !== "0") {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "shinian-test-"));
    await chmod(dataDir, 0o755); // mkdtemp makes it 0700; as root, postgres runs as another user
    const embedded = await startEmbeddedPostgres({ dataDir, logger });
    cleanups.push(async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(embedded.clusterDir, { recursive: true, force: true });
    });
    const target = { name: "embedded", config: embedded.connection };
    databases.push(target);
    admins.set(target, withDatabase(embedded.connection, "template1")); // its own cluster: nobody else there
  }

  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const name = `shinian_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    await onServer({ connectionString: external }, `CREATE DATABASE ${name}`);
    const url = new URL(external);
    url.pathname = `/${name}`;
    const target = { name: "postgres", config: { connectionString: url.toString() } };
    databases.push(target);
    admins.set(target, { connectionString: external });
    cleanups.push(async () => {
      for (const db of [name, ...workerNames(name, workers)]) {
        await onServer({ connectionString: external }, `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      }
    });
  }

  for (const target of databases) {
    const pool = new pg.Pool({ ...target.config, max: 2 });
    await migrate(pool, logger);
    await pool.end();
    const base = databaseOf(target.config);
    for (const copy of workerNames(base, workers)) {
      await onServer(admins.get(target)!, `CREATE DATABASE ${copy} TEMPLATE ${base}`);
    }
  }

  project.provide("testDatabases", databases);
  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => console.error(err));
  };
}

const workerNames = (base: string, workers: number) =>
  Array.from({ length: workers }, (_, i) => workerDatabaseName(base, i + 1));

async function onServer(config: pg.ClientConfig, sql: string) {
  const client = new pg.Client(config);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
