/**
 * What every operator command starts with: the server's configuration, and its database —
 * DATABASE_URL, or the embedded one in DATA_DIR (through the running server's socket when one is
 * running, else started for the command and stopped after it). The schema is migrated first.
 */
import { type EmbeddedPostgres, startEmbeddedPostgres } from "../db/embedded.ts";
import { migrate } from "../db/migrate.ts";
import { createPool, type Db } from "../db/pool.ts";
import { type Config, loadConfig } from "../env.ts";
import { createLogger, type Logger } from "../logger.ts";

export type CommandContext = { config: Config; db: Db; logger: Logger };

/** A line for whoever ran the command, in the command's output. */
export const say = (line: string) => process.stdout.write(`${line}\n`);
export const complain = (line: string) => process.stderr.write(`${line}\n`);

/** Runs `fn` on the database and exits: 0, or 1 with `failure` and the error's message. */
export async function runCommand(failure: string, fn: (ctx: CommandContext) => Promise<number | undefined>) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    complain((err as Error).message);
    process.exit(2);
  }
  const logger = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);
  let embedded: EmbeddedPostgres | null = null;
  let db: Db | null = null;
  let code = 0;
  try {
    embedded = config.databaseUrl
      ? null
      : await startEmbeddedPostgres({ dataDir: config.dataDir, logger, attachIfRunning: true });
    db = createPool(embedded ? embedded.connection : { connectionString: config.databaseUrl }, logger);
    await migrate(db, logger);
    code = (await fn({ config, db, logger })) ?? 0;
  } catch (err) {
    complain(`${failure}：${(err as Error).message}`);
    code = 1;
  } finally {
    await db?.end();
    await embedded?.stop();
  }
  process.exit(code);
}
