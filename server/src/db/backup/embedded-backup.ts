/**
 * `npm run backup` / `npm run restore` for the embedded database (DATA_DIR). The packages ship no
 * pg_dump and Debian's refuses the newer embedded server, so this is a physical online backup by
 * PostgreSQL's low-level API, as pg_basebackup makes one; a restored cluster replays the WAL copied
 * with it at its first start and is consistent as of the backup's end. Nothing stops: a running
 * server goes on serving. The steps: docs/operating.md, "Operator commands".
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { Logger } from "../../logger.ts";
import { embeddedClusterLocation, startEmbeddedPostgres } from "../embedded.ts";
import { BackupRefused, writePrivately } from "./common.ts";

const run = promisify(execFile);

/** What `npm run restore` reads first: what kind of backup this is, and of what. */
export const MANIFEST = "shinian-backup.json";
export type Manifest = { kind: "embedded"; postgres: string; createdAt: string };

// Files and directory contents a copy must leave out (PostgreSQL's own list for base backups):
// run-time state that a restored server rebuilds, and the WAL, which is copied after the stop.
const SKIP_FILES = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "backup_label",
  "tablespace_map",
  "backup_label.old",
  "current_logfiles",
  "recovery.signal",
  "standby.signal",
  "pg_internal.init",
]);
const EMPTY_DIRS = new Set([
  "pg_wal",
  "pg_replslot",
  "pg_stat_tmp",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_subtrans",
]);

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/** The WAL segment the backup starts in, from its backup_label: older ones are not needed. */
function firstSegment(labelfile: string): string {
  const name = /^START WAL LOCATION: .* \(file ([0-9A-F]{24})\)$/m.exec(labelfile)?.[1];
  if (!name) throw new Error(`unexpected backup_label:\n${labelfile}`);
  return name;
}

/**
 * Copies a directory the server is writing to: a file removed meanwhile (a temporary file, a
 * dropped table's) is skipped; a file changed meanwhile is put right by the WAL replay.
 * `skip` leaves out files by name.
 */
async function copyLive(
  from: string,
  to: string,
  top = true,
  skip = (_name: string) => false,
): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  const entries = await readdir(from, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (top && EMPTY_DIRS.has(entry.name)) await mkdir(target, { mode: 0o700 });
      else if (!entry.name.startsWith("pgsql_tmp")) await copyLive(source, target, false);
    } else if (entry.isFile() && !SKIP_FILES.has(entry.name) && !skip(entry.name)) {
      await copyFile(source, target).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
      });
    }
  }
}

/** A .tar.gz of DATA_DIR's database into `file`, taken while it runs. */
export async function backupEmbedded(dataDir: string, file: string, logger: Logger): Promise<void> {
  const embedded = await startEmbeddedPostgres({ dataDir, logger, attachIfRunning: true });
  const client = new pg.Client(embedded.connection);
  client.on("error", () => undefined); // the session's end is awaited below
  const staging = await mkdtemp(path.join(path.dirname(file), ".shinian-backup-"));
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    // temporary: dropped with this session, whatever happens to this process
    await client.query("SELECT pg_create_physical_replication_slot($1, true, true)", [
      `shinian_backup_${randomUUID().replaceAll("-", "")}`,
    ]);
    await client.query("SELECT pg_backup_start($1, true)", ["shinian backup"]);
    const cluster = path.join(staging, "pg");
    await copyLive(embedded.clusterDir, cluster);
    const stop = await client.query<{ labelfile: string; spcmapfile: string; last: string }>(
      "SELECT labelfile, spcmapfile, pg_walfile_name(lsn) AS last FROM pg_backup_stop(false)",
    );
    await writeFile(path.join(cluster, "backup_label"), stop.rows[0]!.labelfile);
    if (stop.rows[0]!.spcmapfile)
      await writeFile(path.join(cluster, "tablespace_map"), stop.rows[0]!.spcmapfile);
    // after the stop: the segments from the start to the stop, all there (the slot kept them).
    // Older ones, and the recycled ones PostgreSQL keeps ready under later names, are not needed.
    const first = firstSegment(stop.rows[0]!.labelfile);
    const last = stop.rows[0]!.last;
    await copyLive(
      path.join(embedded.clusterDir, "pg_wal"),
      path.join(cluster, "pg_wal"),
      false,
      (name) => WAL_SEGMENT.test(name) && (name < first || name > last),
    );
    const manifest: Manifest = {
      kind: "embedded",
      postgres: rows[0]!.v,
      createdAt: new Date().toISOString(),
    };
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await writePrivately(file, (partial) => run("tar", ["-czf", partial, "-C", staging, MANIFEST, "pg"]));
  } finally {
    await client.end().catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
    await embedded.stop();
  }
}

/**
 * Puts the backup's cluster where DATA_DIR's belongs. Only into an empty place: nothing that is
 * there is ever overwritten (a restore over a live or newer database would lose what it holds).
 */
export async function restoreEmbedded(file: string, dataDir: string, logger: Logger): Promise<void> {
  const { clusterDir, owner } = await embeddedClusterLocation(dataDir, logger);
  if (existsSync(clusterDir) && (await readdir(clusterDir)).length > 0) {
    throw new BackupRefused(
      `${clusterDir} 里已有数据库。恢复只写入空的位置，不会覆盖任何数据：请先停止服务，把该目录移走（或换一个 DATA_DIR），再运行恢复。`,
    );
  }
  const unpacked = `${clusterDir}.restore-${process.pid}`;
  await rm(unpacked, { recursive: true, force: true });
  await mkdir(unpacked, { recursive: true, mode: 0o700 });
  try {
    await run("tar", ["-xzf", file, "-C", unpacked, "--no-same-owner"]);
    const manifest = JSON.parse(await readFile(path.join(unpacked, MANIFEST), "utf8")) as Manifest;
    if (manifest.kind !== "embedded" || !existsSync(path.join(unpacked, "pg", "PG_VERSION")))
      throw new BackupRefused("这不是拾念内置数据库的备份文件");
    if (owner) await run("chown", ["-R", `${owner.uid}:${owner.gid}`, unpacked]);
    await rm(clusterDir, { recursive: true, force: true });
    await rename(path.join(unpacked, "pg"), clusterDir);
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}
