/**
 * Operator command: a one-time link that sets a new password for an account (no mail is sent
 * from here: the operator passes the link on).
 *   npm run account:reset-password -- <account>
 * The link works once, for passwordResetTtlMs (1h); a newer link replaces it. Using it ends
 * every session and access token of the account, and pauses its WebDAV backup (the output says so).
 */
import { AccountSchema } from "@shinian/contract";
import { findCredentials } from "../accounts/accounts.store.ts";
import { createPasswordReset } from "../accounts/password-reset.ts";
import { WEBDAV_PAUSED_BY_RESET_LINK } from "../webdav/pause-on-new-password.ts";
import { findWebdav } from "../webdav/webdav.store.ts";
import { complain, runCommand, say } from "./database.ts";

const account = AccountSchema.safeParse(process.argv[2] ?? "");
if (!account.success || process.argv.length > 3) {
  complain("用法：npm run account:reset-password -- <账号>");
  process.exit(2);
}

await runCommand("生成重置链接失败", async ({ db, config }) => {
  const user = await findCredentials(db, { account: account.data });
  if (!user) {
    complain(`账号不存在：${account.data}`);
    return 1;
  }
  const { token, expiresAt } = await createPasswordReset({ db, config }, user.id);
  const site = config.publicUrl ?? `http://localhost:${config.port}`;
  say(`${site}/reset-password#token=${token}`);
  complain(
    `这是 ${account.data} 的一次性重置链接，${expiresAt.toISOString()} 前有效；用它设置新密码后，该账号所有设备都会退出登录。`,
  );
  if (await findWebdav(db, user.id)) complain(WEBDAV_PAUSED_BY_RESET_LINK);
  if (!config.publicUrl) complain("提示：设置 PUBLIC_URL（本站地址）后，链接会以它开头。");
});
