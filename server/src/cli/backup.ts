/**
 * Operator command: a backup of the database the server uses, taken while it runs.
 *   npm run backup [-- <file>]
 * DATABASE_URL: a pg_dump file (custom format, .pgdump); the embedded database in DATA_DIR: a
 * .tar.gz of its cluster (db/backup/embedded-backup.ts says why not pg_dump). Without <file>,
 * into backups/ of the current directory. Restore with `npm run restore -- <file>`.
 */
import { existsSync } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { backupEmbedded } from "../db/backup/embedded-backup.ts";
import { backupUrl } from "../db/backup/url-backup.ts";
import { loadConfig } from "../env.ts";
import { createLogger } from "../logger.ts";
import { complain, say } from "./database.ts";

const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith("-")) {
  complain("用法：npm run backup [-- <备份文件路径>]");
  process.exit(2);
}

let code = 0;
try {
  const config = loadConfig();
  const logger = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  const ext = config.databaseUrl ? "pgdump" : "tar.gz";
  const file = path.resolve(args[0] ?? path.join("backups", `shinian-${stamp}.${ext}`));
  if (existsSync(file)) throw new Error(`${file} 已存在，请换一个文件名`);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  if (config.databaseUrl) await backupUrl(config.databaseUrl, file);
  else await backupEmbedded(config.dataDir, file, logger);
  say(file);
  const mb = ((await stat(file)).size / 1024 / 1024).toFixed(1);
  complain(
    `备份完成（${mb} MB，${config.databaseUrl ? "DATABASE_URL 的 pg_dump 备份" : `DATA_DIR ${config.dataDir} 的内置数据库`}）。` +
      "请把它复制到另一台机器或另一块磁盘上保存。",
  );
} catch (err) {
  complain(`备份失败：${(err as Error).message}`);
  code = 1;
}
process.exit(code);
