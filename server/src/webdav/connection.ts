import type { FileStat, WebDAVClient } from "webdav";
import type { WebdavConfig } from "../env.ts";
import { guardedAgents, isLocalAddress, LocalAddressError } from "../shared/address-guard.ts";

/** A folder and the credentials for it, the password in clear (only ever in memory). */
export type WebdavTarget = { url: string; username: string; password: string };

/** The folder's address as the client wants it: normalised, ending in a slash. */
export function folderUrl(url: string): string {
  const u = new URL(url);
  if (!u.pathname.endsWith("/")) u.pathname += "/";
  return u.href;
}

/** Why an address may not be used here (Chinese), or null: https only, and no local address, unless allowed. */
export function refuseAddress(url: string, config: WebdavConfig): string | null {
  if (config.allowLocal) return null;
  const u = new URL(url);
  if (u.protocol !== "https:") return "为保护密码，WebDAV 地址须以 https:// 开头";
  const host = u.hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost") || isLocalAddress(host)) {
    return "不能使用本机或内网的地址";
  }
  return null;
}

/**
 * The most of a response body read: the library reads a listing whole and parses it at once, so a
 * hostile server could otherwise send hundreds of MB. Uploads are request bodies, not limited.
 */
export const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

/**
 * The client library (and the fetch it uses, its response size capped) loads on first use: an
 * idle server, or one without WebDAV, never reads it.
 */
const library = async () => {
  const [webdav, { default: fetch }] = await Promise.all([import("webdav"), import("node-fetch")]);
  // node-fetch's `size` aborts the body as it streams past the limit (FetchError "max-size")
  webdav.getPatcher().patch("fetch", (...args: unknown[]) => {
    const [url, options] = args as Parameters<typeof fetch>;
    return fetch(url, { ...options, size: MAX_RESPONSE_BYTES });
  });
  return webdav;
};
let loaded: ReturnType<typeof library> | undefined;

export async function webdavClient(target: WebdavTarget, config: WebdavConfig): Promise<WebDAVClient> {
  loaded ??= library();
  const { createClient } = await loaded;
  return createClient(folderUrl(target.url), {
    username: target.username,
    password: target.password,
    ...(config.allowLocal ? {} : { httpAgent: guardedAgents.http, httpsAgent: guardedAgents.https }),
  });
}

const TEST_TIMEOUT_MS = 15_000;

/** 测试连接: a PROPFIND of the folder itself (Depth 0): reachable, the password right, a folder there. */
export async function testWebdav(
  target: WebdavTarget,
  config: WebdavConfig,
): Promise<{ ok: boolean; message: string }> {
  try {
    const client = await webdavClient(target, config);
    const stat = (await client.stat("/", {
      signal: AbortSignal.timeout(TEST_TIMEOUT_MS),
    })) as FileStat;
    if (stat.type !== "directory") return { ok: false, message: "这个地址是一个文件，请填写文件夹的地址" };
    return { ok: true, message: "连接成功，可以备份到这个文件夹" };
  } catch (err) {
    return { ok: false, message: describeWebdavError(err) };
  }
}

const BY_STATUS: Record<number, string> = {
  401: "用户名或密码错误",
  403: "没有访问这个文件夹的权限",
  404: "文件夹不存在，请先在网盘里建好这个文件夹",
  405: "这个地址不支持 WebDAV，请检查地址",
  409: "文件夹不存在，请先在网盘里建好这个文件夹",
  411: "WebDAV 服务器不接受分段传输的上传",
  413: "备份文件太大，WebDAV 服务器拒绝接收",
  423: "文件被锁定，暂时无法写入",
  507: "网盘空间不足",
};

const BY_CODE: Record<string, string> = {
  ENOTFOUND: "地址无法访问：找不到这个服务器",
  EAI_AGAIN: "地址无法访问：找不到这个服务器",
  ECONNREFUSED: "地址无法访问：服务器拒绝连接",
  ECONNRESET: "地址无法访问：连接被中断",
  ETIMEDOUT: "地址无法访问：连接超时",
  EHOSTUNREACH: "地址无法访问：网络不通",
  ENETUNREACH: "地址无法访问：网络不通",
};

/** Refused for the user name, password or rights: only new settings can help. */
export function needsNewSettings(err: unknown): boolean {
  const status = (err as { status?: unknown }).status;
  return status === 401 || status === 403;
}

/** What went wrong, for a person: in Chinese, naming what they can fix where they can. */
export function describeWebdavError(err: unknown): string {
  const e = err as {
    name?: string;
    status?: number;
    code?: string;
    type?: string;
    cause?: { code?: string; name?: string };
  };
  if (e instanceof LocalAddressError || (e.code ?? e.cause?.code) === "ELOCALADDRESS") {
    return "不能使用本机或内网的地址";
  }
  if (e.name === "FetchError" && e.type === "max-size") {
    return `WebDAV 服务器的回答太大（超过 ${MAX_RESPONSE_BYTES / 1024 / 1024} MB），请确认这是 WebDAV 文件夹的地址`;
  }
  if (e.name === "UploadStalledError") {
    return "WebDAV 服务器长时间没有接收数据，上传已中断";
  }
  if (e.name === "TimeoutError" || e.name === "AbortError") return "连接超时：WebDAV 服务器长时间没有响应";
  if (typeof e.status === "number") {
    if (BY_STATUS[e.status]) return BY_STATUS[e.status]!;
    if (e.status >= 500) return `WebDAV 服务器出错（HTTP ${e.status}）`;
    return `WebDAV 服务器拒绝了请求（HTTP ${e.status}）`;
  }
  const code = e.code ?? e.cause?.code ?? "";
  if (BY_CODE[code]) return BY_CODE[code]!;
  if (/CERT|SSL|TLS|SELF_SIGNED/i.test(code)) return "地址无法访问：服务器的 HTTPS 证书无效";
  if (e.name === "FetchError" || e.name === "SystemError") return "地址无法访问";
  return "WebDAV 服务器的回答无法识别，请确认这是 WebDAV 文件夹的地址";
}
