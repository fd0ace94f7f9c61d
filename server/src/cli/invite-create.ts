/**
 * Operator command: an invite code for REGISTRATION=invite.
 *   npm run invite:create -- [--uses N] [--expires 7d] [--note 文字]
 * Single-use unless --uses says how many registrations it allows; no end unless --expires.
 * The code is printed once: only its sha256 is stored.
 */
import { parseArgs } from "node:util";
import { createInvite } from "../accounts/invites.ts";
import { parseDuration } from "../env.ts";
import { complain, runCommand, say } from "./database.ts";

const USAGE =
  "用法：npm run invite:create -- [--uses 次数（默认 1）] [--expires 有效期，如 7d、12h] [--note 备注]";

function options() {
  try {
    const { values } = parseArgs({
      options: { uses: { type: "string" }, expires: { type: "string" }, note: { type: "string" } },
    });
    const maxUses = Number(values.uses ?? "1");
    const expiresInMs = values.expires === undefined ? null : parseDuration(values.expires);
    const note = values.note ?? "";
    if (!Number.isInteger(maxUses) || maxUses < 1 || maxUses > 1_000_000) return null;
    if (expiresInMs === 0 || (values.expires !== undefined && expiresInMs === null)) return null;
    if (note.length > 200) return null;
    return { maxUses, expiresInMs, note };
  } catch {
    return null;
  }
}

const opts = options();
if (!opts) {
  complain(USAGE);
  process.exit(2);
}

await runCommand("生成邀请码失败", async ({ db, config }) => {
  const invite = await createInvite(db, opts);
  say(invite.code);
  const uses = invite.maxUses === 1 ? "可注册 1 次" : `可注册 ${invite.maxUses} 次`;
  const ends = invite.expiresAt ? `，${invite.expiresAt.toISOString()} 前有效` : "，长期有效";
  complain(`邀请码已生成（${uses}${ends}）。它只显示这一次，请立即转交。`);
  if (config.registration !== "invite")
    complain(`注意：当前 REGISTRATION=${config.registration}，邀请码只在 REGISTRATION=invite 时使用。`);
});
