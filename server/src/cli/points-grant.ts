/**
 * Operator command: grant AI points to an account.
 *   npm run points:grant -- <account> <amount> [note]
 * Uses the same configuration as the server: DATABASE_URL, or the embedded database in DATA_DIR
 * (through the running server's socket when one is running, else started for the command).
 */
import { AccountSchema } from "@shinian/contract";
import { startEmbeddedPostgres } from "../db/embedded.ts";
import { migrate } from "../db/migrate.ts";
import { createPool } from "../db/pool.ts";
import { loadConfig } from "../env.ts";
import { createLogger } from "../logger.ts";
import { grant } from "../services/points.ts";
import { findCredentials } from "../stores/accounts.ts";

const [accountArg, amountArg, ...noteParts] = process.argv.slice(2);
const account = AccountSchema.safeParse(accountArg ?? "");
const amount = Number(amountArg);
if (!account.success || !Number.isInteger(amount) || amount <= 0 || amount > 1_000_000) {
  process.stderr.write("用法：npm run points:grant -- <账号> <正整数点数> [备注]\n");
  process.exit(2);
}

const config = loadConfig();
const logger = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);
const embedded = config.databaseUrl
  ? null
  : await startEmbeddedPostgres({ dataDir: config.dataDir, logger, attachIfRunning: true });
const db = createPool(embedded ? embedded.connection : { connectionString: config.databaseUrl }, logger);
let code = 0;
try {
  await migrate(db, logger);
  const user = await findCredentials(db, { account: account.data });
  if (!user) {
    process.stderr.write(`账号不存在：${account.data}\n`);
    code = 1;
  } else {
    const balance = await grant(db, user.id, amount, "grant", noteParts.join(" ") || "运营发放");
    process.stdout.write(`已为 ${account.data} 发放 ${amount} 点，当前余额 ${balance} 点\n`);
  }
} catch (err) {
  process.stderr.write(`发放失败：${(err as Error).message}\n`);
  code = 1;
} finally {
  await db.end();
  await embedded?.stop();
}
process.exit(code);
