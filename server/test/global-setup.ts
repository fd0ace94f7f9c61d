import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrate } from "../src/db/migrate.ts";
import { createLogger } from "../src/logger.ts";
import type { TestDatabase } from "./databases.ts";

const logger = createLogger("warn", { component: "test-setup" });

/**
 * The suite runs against real PostgreSQL: always the embedded engine (fresh cluster per run),
 * and also the server named by TEST_DATABASE_URL (a fresh database per run, dropped after).
 */
export default async function setup(project: TestProject) {
  const databases: TestDatabase[] = [];
  const cleanups: (() => Promise<void>)[] = [];

  if (process.env.TEST_EMBEDDED !== "0") {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "shinian-test-"));
    await chmod(dataDir, 0o755); // mkdtemp makes it 0700; as root, postgres runs as another user
    const embedded = await startEmbeddedPostgres({ dataDir, logger });
    cleanups.push(async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(embedded.clusterDir, { recursive: true, force: true });
    });
    databases.push({ name: "embedded", config: embedded.connection });
  }

  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const name = `shinian_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(external);
    url.pathname = `/${name}`;
    databases.push({ name: "postgres", config: { connectionString: url.toString() } });
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: external });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
  }

  for (const target of databases) {
    const pool = new pg.Pool({ ...target.config, max: 2 });
    await migrate(pool, logger);
    await pool.end();
  }

  project.provide("testDatabases", databases);
  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => console.error(err));
  };
}
