/**
 * Operator command: puts a backup of `npm run backup` back, into an empty place only.
 *   npm run restore -- <file>
 * A .tar.gz (the embedded database) goes into DATA_DIR, which must hold no database yet (stop
 * the server first); a .pgdump goes into DATABASE_URL, which must name an empty database. The
 * restored database is then started, migrated and counted.
 */
import { open } from "node:fs/promises";
import { BackupRefused } from "../db/backup/common.ts";
import { describeContents } from "../db/backup/contents.ts";
import { restoreEmbedded } from "../db/backup/embedded-backup.ts";
import { restoreUrl } from "../db/backup/url-backup.ts";
import { startEmbeddedPostgres } from "../db/embedded.ts";
import { migrate } from "../db/migrate.ts";
import { createPool } from "../db/pool.ts";
import { loadConfig } from "../env.ts";
import { createLogger } from "../logger.ts";
import { complain, say } from "./database.ts";

const file = process.argv[2];
if (!file || process.argv.length > 3 || file.startsWith("-")) {
  complain("用法：npm run restore -- <备份文件>");
  process.exit(2);
}

/** gzip (the embedded database's .tar.gz) or pg_dump's custom format, by the file's first bytes. */
async function kindOf(path: string): Promise<"embedded" | "pgdump"> {
  const handle = await open(path, "r");
  try {
    const { buffer } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    if (buffer[0] === 0x1f && buffer[1] === 0x8b) return "embedded";
    if (buffer.toString("latin1") === "PGDMP") return "pgdump";
    throw new BackupRefused("无法识别的备份文件：它不是 npm run backup 生成的");
  } finally {
    await handle.close();
  }
}

let code = 0;
try {
  const config = loadConfig();
  const logger = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);
  const kind = await kindOf(file);
  if (kind === "embedded" && config.databaseUrl)
    throw new BackupRefused(
      "这是内置数据库（DATA_DIR）的备份，只能恢复到内置数据库：请在不设 DATABASE_URL 的情况下运行恢复。",
    );
  if (kind === "pgdump" && !config.databaseUrl)
    throw new BackupRefused(
      "这是 DATABASE_URL 数据库的 pg_dump 备份：请新建一个空数据库，把 DATABASE_URL 指向它，再运行恢复。",
    );
  if (kind === "embedded") await restoreEmbedded(file, config.dataDir, logger);
  else await restoreUrl(file, config.databaseUrl!);
  // the first start of a restored cluster replays the backup's WAL: this proves it starts
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({ dataDir: config.dataDir, logger });
  const db = createPool(embedded ? embedded.connection : { connectionString: config.databaseUrl }, logger);
  try {
    await migrate(db, logger);
    say(`已恢复：${await describeContents(db)}`);
  } finally {
    await db.end();
    await embedded?.stop();
  }
  complain(
    config.databaseUrl
      ? "恢复完成，可以在这个 DATABASE_URL 上启动服务。"
      : `恢复完成，可以用 DATA_DIR=${config.dataDir} 启动服务。`,
  );
} catch (err) {
  complain(`恢复失败：${(err as Error).message}`);
  code = 1;
}
process.exit(code);
