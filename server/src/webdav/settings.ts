import {
  type TestWebdavRequest,
  type UpdateWebdavRequest,
  WEBDAV_KEEP_DEFAULT,
  type WebdavStatus,
  type WebdavTestResult,
} from "@shinian/contract";
import { checkAccountPassword, type SessionAuth } from "../accounts/accounts.ts";
import type { AppDeps } from "../context.ts";
import { ApiError, notFound } from "../errors.ts";
import { retryAfterHeader } from "../shared/retry.ts";
import { refuseAddress, testWebdav } from "./connection.ts";
import { openPassword, sealPassword } from "./saved-password.ts";
import { firstRun } from "./schedule.ts";
import { UNREADABLE_PASSWORD, webdavLeaseMs } from "./scheduler.ts";
import { findWebdav, requestWebdavRun, saveWebdav, type WebdavRow } from "./webdav.store.ts";

// said to the person, who cannot set a server variable: whom to ask, not what to set
export const WEBDAV_NOT_CONFIGURED = "本服务器未开启 WebDAV 备份，请联系管理员";
/**
 * 立即备份 again only this long after the last upload ended, failed or not: each one is a whole
 * export of the account.
 */
const RUN_AGAIN_AFTER_MS = 10 * 60_000;

function keyOf(deps: AppDeps): Buffer {
  const key = deps.config.webdav.key;
  if (!key) throw new ApiError("FORBIDDEN", WEBDAV_NOT_CONFIGURED);
  return key;
}

const invalid = (path: string, message: string) =>
  new ApiError("VALIDATION_ERROR", message, { issues: [{ path, message }] });

export function toStatus(deps: AppDeps, row: WebdavRow | undefined): WebdavStatus {
  const now = deps.clock().getTime();
  return {
    available: deps.config.webdav.key !== null,
    settings: row ? { url: row.url, username: row.username, frequency: row.frequency, keep: row.keep } : null,
    targetChangedAt: row?.target_changed_at.toISOString() ?? null,
    stopped:
      row?.stopped_at && row.stopped_message
        ? { at: row.stopped_at.toISOString(), message: row.stopped_message }
        : null,
    nextRunAt: row?.next_run_at?.toISOString() ?? null,
    running: !!row?.claim_id && !!row.claimed_at && row.claimed_at.getTime() > now - webdavLeaseMs(deps),
    lastSuccess:
      row?.last_success_at && row.last_success_file
        ? {
            at: row.last_success_at.toISOString(),
            fileName: row.last_success_file,
            bytes: Number(row.last_success_bytes ?? 0),
          }
        : null,
    lastFailure:
      row?.last_failure_at && row.last_failure_message
        ? { at: row.last_failure_at.toISOString(), message: row.last_failure_message }
        : null,
  };
}

export async function webdavStatus(deps: AppDeps, userId: string): Promise<WebdavStatus> {
  return toStatus(deps, await findWebdav(deps.db, userId));
}

/** The address and user name a request means: what it names, else what is saved. */
function connectionOf(row: WebdavRow | undefined, given: { url?: string; username?: string }) {
  const url = given.url ?? row?.url;
  const username = given.username ?? row?.username;
  if (!url) throw invalid("url", "请填写 WebDAV 地址");
  if (!username) throw invalid("username", "请填写用户名");
  // the saved password goes only where it was given for
  const sameAsSaved = !!row && url === row.url && username === row.username;
  return { url, username, sameAsSaved };
}

/**
 * Saves the settings. Where the backups go (a new address or user name), and turning on again a
 * backup a password change switched off, also need the account password: a session alone
 * (a borrowed phone, a stolen cookie) must not be able to send every note elsewhere.
 */
export async function saveWebdavSettings(deps: AppDeps, auth: SessionAuth, patch: UpdateWebdavRequest) {
  const { userId } = auth;
  const key = keyOf(deps);
  const row = await findWebdav(deps.db, userId);
  const { url, username, sameAsSaved } = connectionOf(row, patch);
  if (patch.password === undefined && !sameAsSaved) {
    throw invalid("password", row ? "修改了地址或用户名，请重新填写应用密码" : "请填写应用密码");
  }
  const refusal = refuseAddress(url, deps.config.webdav);
  if (refusal) throw invalid("url", refusal);
  if (!sameAsSaved || row?.stopped_at) {
    if (patch.accountPassword === undefined) {
      throw invalid(
        "accountPassword",
        row?.stopped_at ? "重新开启备份，请填写登录密码" : "设置备份地址或用户名，请填写登录密码",
      );
    }
    if (!(await checkAccountPassword(deps, auth, patch.accountPassword))) {
      throw invalid("accountPassword", "登录密码不正确");
    }
  }
  const frequency = patch.frequency ?? row?.frequency ?? "off";
  const rescheduled = !row || frequency !== row.frequency || patch.password !== undefined || !sameAsSaved;
  await saveWebdav(deps.db, userId, {
    url,
    username,
    passwordEnc:
      patch.password === undefined
        ? row!.password_enc
        : sealPassword(key, patch.password, { user_id: userId, url, username }),
    frequency,
    keep: patch.keep ?? row?.keep ?? WEBDAV_KEEP_DEFAULT,
    nextRunAt: rescheduled || row.stopped_at ? firstRun(frequency, deps.clock(), userId) : row.next_run_at,
    connectionChanged: !sameAsSaved,
  });
  return webdavStatus(deps, userId);
}

export async function testWebdavSettings(
  deps: AppDeps,
  userId: string,
  given: TestWebdavRequest,
): Promise<WebdavTestResult> {
  const key = keyOf(deps);
  const row = await findWebdav(deps.db, userId);
  const { url, username, sameAsSaved } = connectionOf(row, given);
  let password = given.password;
  if (password === undefined) {
    if (!sameAsSaved) throw invalid("password", "请填写应用密码");
    const saved = await openPassword(deps, key, row!);
    if (saved === null) return { ok: false, message: UNREADABLE_PASSWORD };
    password = saved;
  }
  const refusal = refuseAddress(url, deps.config.webdav);
  if (refusal) return { ok: false, message: refusal };
  return testWebdav({ url, username, password }, deps.config.webdav);
}

/** 立即备份: due now; the caller starts the scheduler. */
export async function requestWebdavBackup(deps: AppDeps, userId: string): Promise<void> {
  keyOf(deps);
  const row = await findWebdav(deps.db, userId);
  if (!row) throw notFound("还没有设置 WebDAV 备份");
  if (row.stopped_at) throw new ApiError("CONFLICT", "备份已暂停：请确认地址后，填写登录密码保存设置");
  const now = deps.clock();
  const lastEnded = Math.max(
    // one under way answers 正在备份 below
    ...[row.claim_id ? null : row.claimed_at, row.last_success_at, row.last_failure_at].map(
      (at) => at?.getTime() ?? 0,
    ),
  );
  if (now.getTime() - lastEnded < RUN_AGAIN_AFTER_MS) {
    const next = new Date(lastEnded + RUN_AGAIN_AFTER_MS);
    const minutes = Math.ceil((next.getTime() - now.getTime()) / 60_000);
    throw new ApiError("RATE_LIMITED", `刚刚备份过，请 ${minutes} 分钟后再试`, {
      headers: retryAfterHeader(next),
    });
  }
  if (!(await requestWebdavRun(deps.db, userId, now, webdavLeaseMs(deps)))) {
    throw new ApiError("CONFLICT", "正在备份，请稍候");
  }
}
