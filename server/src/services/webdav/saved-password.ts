import type { AppDeps } from "../../context.ts";
import { open, seal } from "../../lib/secret-box.ts";
import { resealWebdavPassword } from "../../stores/webdav.ts";

type Where = { user_id: string; url: string; username: string };

/** The app password sealed for one user, one address and one user name: it opens for no other. */
export const sealPassword = (key: Buffer, password: string, where: Where) =>
  seal(key, password, [where.user_id, where.url, where.username]);

/**
 * The saved app password in clear, or null when no key of this server opens it. One sealed in the
 * old format or under a rotated-out key is sealed again under the current key as it is read.
 */
export async function openPassword(
  deps: AppDeps,
  key: Buffer,
  row: Where & { password_enc: Buffer },
): Promise<string | null> {
  const keys = [key, ...deps.config.webdav.previousKeys];
  const opened = open(keys, row.password_enc, [row.user_id, row.url, row.username], row.user_id);
  if (!opened) return null;
  if (opened.stale) {
    await resealWebdavPassword(deps.db, row, sealPassword(key, opened.plaintext, row));
  }
  return opened.plaintext;
}
