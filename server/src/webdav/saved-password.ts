import type { AppDeps } from "../context.ts";
import { open, seal, sealedPrefix } from "../shared/secret-box.ts";
import { listWebdavNotSealedWith, resealWebdavPassword } from "./webdav.store.ts";

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

const RESEAL_PAGE = 100;
const BEFORE_ANY_USER = "00000000-0000-0000-0000-000000000000";

/**
 * Every saved password not sealed under the current key (a rotated-out key's, the old format) is
 * sealed again under it, read or not: a backup switched off or paused is never read, yet its
 * password must survive SECRET_KEY_PREVIOUS going away. Run by the periodic sweep, a page
 * at a time; one that no key opens is left as it is (its owner is asked for it again).
 */
export async function resealStalePasswords(
  deps: Pick<AppDeps, "config" | "db">,
): Promise<{ resealed: number; unreadable: number }> {
  const key = deps.config.webdav.key;
  const done = { resealed: 0, unreadable: 0 };
  if (!key) return done;
  const keys = [key, ...deps.config.webdav.previousKeys];
  let after = BEFORE_ANY_USER;
  for (;;) {
    const page = await listWebdavNotSealedWith(deps.db, sealedPrefix(key), after, RESEAL_PAGE);
    for (const row of page) {
      const opened = open(keys, row.password_enc, [row.user_id, row.url, row.username], row.user_id);
      if (!opened) {
        done.unreadable++;
        continue;
      }
      await resealWebdavPassword(deps.db, row, sealPassword(key, opened.plaintext, row));
      done.resealed++;
    }
    if (page.length < RESEAL_PAGE) return done;
    after = page[page.length - 1]!.user_id;
  }
}
