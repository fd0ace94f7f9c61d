import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Logger } from "../logger.ts";
import { enablePgvector } from "./pgvector.ts";
import { type Db, tx } from "./pool.ts";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));
// Any constant works; it only has to be the same in every process of this app.
const MIGRATION_LOCK = 0x5348_494e; // "SHIN"

/**
 * Applies every migrations/NNN_name.sql not yet recorded, in order, all in ONE transaction
 * holding a transaction-scoped advisory lock: processes starting together wait for each
 * other instead of racing, and a failure leaves the schema as it was. Then pgvector's column
 * where the server has the extension (db/pgvector.ts).
 */
export async function migrate(db: Db, logger: Logger): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const applied = await tx(db, async (client) => {
    // A migration (or waiting for another process's) may take longer than a request's statement.
    await client.query("SET LOCAL statement_timeout = 0");
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const { rows } = await client.query<{ name: string }>("SELECT name FROM schema_migrations");
    const done = new Set(rows.map((r) => r.name));
    const names: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(MIGRATIONS_DIR + file, "utf8");
      await client.query(sql);
      await client.query("INSERT INTO schema_migrations (name) VALUES ($1)", [file]);
      names.push(file);
    }
    await enablePgvector(client, logger);
    return names;
  });
  if (applied.length) logger.info("database migrated", { applied });
  return applied;
}
