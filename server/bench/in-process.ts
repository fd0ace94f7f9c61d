/** Shared by the benchmarks that run the app in process on a fresh database of the machine's PostgreSQL. */
import pg from "pg";
import type { createApp } from "../src/app.ts";
import { migrate } from "../src/db/migrate.ts";
import { createPool, type Db } from "../src/db/pool.ts";
import { createLogger, type Logger } from "../src/logger.ts";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export const silentLogger = createLogger("silent");

/** Creates and migrates `shinian_bench_<name>_…` (BENCH_ADMIN_URL), runs `run`, then drops it. */
export async function withFreshDatabase(
  name: string,
  run: (db: Db, logger: Logger, url: string) => Promise<void>,
) {
  const database = `shinian_bench_${name}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const db = createPool({ connectionString: url.toString() }, silentLogger);
  try {
    await migrate(db, silentLogger);
    await run(db, silentLogger, url.toString());
  } finally {
    await db.end();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

/** POSTs `body` as JSON (else GETs) through the in-process app; the answer's JSON, or throws. */
export function jsonCaller(app: ReturnType<typeof createApp>) {
  return async (path: string, token?: string, body?: unknown) => {
    const res = await app.request(path, {
      method: body ? "POST" : "GET",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": "10.0.0.1",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: Record<string, unknown> };
  };
}
