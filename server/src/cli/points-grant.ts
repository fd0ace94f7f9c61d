/**
 * Operator command: grant AI points to an account.
 *   npm run points:grant -- <account> <amount> [note]
 * Uses the same configuration as the server: DATABASE_URL, or the embedded database in DATA_DIR
 * (through the running server's socket when one is running, else started for the command).
 */
import { AccountSchema } from "@shinian/contract";
import { findCredentials } from "../accounts/accounts.store.ts";
import { grant } from "../points/points.ts";
import { complain, runCommand, say } from "./database.ts";

const [accountArg, amountArg, ...noteParts] = process.argv.slice(2);
const account = AccountSchema.safeParse(accountArg ?? "");
const amount = Number(amountArg);
if (!account.success || !Number.isInteger(amount) || amount <= 0 || amount > 1_000_000) {
  complain("用法：npm run points:grant -- <账号> <正整数点数> [备注]");
  process.exit(2);
}

await runCommand("发放失败", async ({ db }) => {
  const user = await findCredentials(db, { account: account.data });
  if (!user) {
    complain(`账号不存在：${account.data}`);
    return 1;
  }
  const balance = await grant(db, user.id, amount, "grant", noteParts.join(" ") || "运营发放");
  say(`已为 ${account.data} 发放 ${amount} 点，当前余额 ${balance} 点`);
});
