/**
 * `npm run backup` / `npm run restore` for DATABASE_URL: PostgreSQL's own pg_dump (custom format)
 * and pg_restore. pg_dump refuses a server newer than itself, so the tools are taken from
 * PG_BIN_DIR, else Debian's /usr/lib/postgresql/<server's major>/bin, else PATH, and their
 * version is checked against the server's before anything runs.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { BackupRefused, writePrivately } from "./common.ts";

const run = promisify(execFile);

/**
 * The URL without its password, and the environment that carries the password instead: a
 * command line is visible to every user of the machine (ps), the environment is not.
 */
function connectionOf(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function serverMajor(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    return Math.floor(Number(rows[0]!.v) / 10_000);
  } finally {
    await client.end();
  }
}

/** pg_dump or pg_restore no older than the server, or a refusal that says what to install. */
async function findTool(name: "pg_dump" | "pg_restore", major: number): Promise<string> {
  const dirs = [process.env.PG_BIN_DIR, `/usr/lib/postgresql/${major}/bin`].filter((d) => d !== undefined);
  const candidates = [...dirs.map((d) => path.join(d, name)).filter((c) => existsSync(c)), name];
  const found: string[] = [];
  for (const tool of candidates) {
    const version = await run(tool, ["--version"]).then(
      ({ stdout }) => Number(/\s(\d+)(\.\d+)?/.exec(stdout)?.[1] ?? 0),
      () => 0,
    );
    if (version >= major) return tool;
    if (version) found.push(`${tool}（${version}）`);
  }
  throw new BackupRefused(
    `需要 ${name} ${major} 或更新的版本，与数据库服务器（PostgreSQL ${major}）相配` +
      (found.length ? `，找到的是 ${found.join("、")}` : "，但没有找到") +
      `。请安装 postgresql-client-${major}，或用 PG_BIN_DIR 指向它所在的目录。`,
  );
}

/** A pg_dump custom-format file of the database into `file`. */
export async function backupUrl(databaseUrl: string, file: string): Promise<void> {
  const pgDump = await findTool("pg_dump", await serverMajor(databaseUrl));
  const { url, env } = connectionOf(databaseUrl);
  await writePrivately(file, (partial) =>
    run(pgDump, ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, url], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    }),
  );
}

/** Into an empty database only: one holding 拾念's tables is never written over. */
export async function restoreUrl(file: string, databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let holdsData: boolean;
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = current_schema()",
    );
    holdsData = rows[0]!.n > 0;
  } finally {
    await client.end();
  }
  if (holdsData)
    throw new BackupRefused(
      "DATABASE_URL 指向的数据库里已有数据表。恢复只写入空的数据库，不会覆盖任何数据：请新建一个空数据库（CREATE DATABASE），把 DATABASE_URL 指向它，再运行恢复。",
    );
  const pgRestore = await findTool("pg_restore", await serverMajor(databaseUrl));
  const { url, env } = connectionOf(databaseUrl);
  // one transaction: a failure part-way leaves the database empty, ready for another try
  await run(
    pgRestore,
    ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${url}`, file],
    { env, maxBuffer: 16 * 1024 * 1024 },
  );
}
