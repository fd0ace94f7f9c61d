import type { Queryable } from "../db/pool.ts";
import { stopWebdav } from "./webdav.store.ts";

/**
 * Whoever knew the old password may have pointed the backup at their own server: a password
 * change or an operator's reset pauses it, and it stays paused until the owner, seeing the
 * address and when it was set, saves it again with the account password.
 */
const HOW = { changed: "已修改", reset: "已被重置" } as const;

const pausedMessage = (how: keyof typeof HOW) =>
  `登录密码${HOW[how]}，定时备份已暂停：请确认下面的地址和用户名是你自己设置的，再填写登录密码保存，即可重新开启`;

/** What the operator is told with a reset link, when the account has a backup the link will pause. */
export const WEBDAV_PAUSED_BY_RESET_LINK =
  "该账号设置了 WebDAV 定时备份：用这个链接设置新密码后，备份会暂停，需本人到个人资料确认备份地址、填写新密码后重新开启。";

/** What the password change's or reset's answer adds when a backup was paused. */
export const WEBDAV_STOPPED_NOTE = "WebDAV 定时备份已暂停，请到个人资料确认备份地址后重新开启";

/** In the password's transaction: true when there was a backup to pause. */
export const pauseWebdavForNewPassword = (conn: Queryable, userId: string, how: keyof typeof HOW) =>
  stopWebdav(conn, userId, pausedMessage(how));
