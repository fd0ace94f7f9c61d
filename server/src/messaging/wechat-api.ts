import type { WechatConfig } from "../env.ts";

/**
 * The two calls of WeChat's API the capture box makes: an access token
 * (https://developers.weixin.qq.com/doc/offiaccount/Basic_Information/Get_access_token.html), kept
 * until shortly before its expires_in and fetched again when WeChat calls it invalid or expired
 * (errcode 40001, 40014, 42001), and a temporary medium's bytes
 * (https://developers.weixin.qq.com/doc/offiaccount/Asset_Management/Get_temporary_materials.html).
 * One token per process, shared by every request: WeChat caps token fetches per day, and a new
 * token ends the old one after five minutes.
 */

export class WechatApiError extends Error {
  override name = "WechatApiError";
}

const TOKEN_REJECTED = new Set([40001, 40014, 42001]);

type Cached = { token: string; renewAt: number };
const tokens = new Map<string, Promise<Cached>>();

async function fetchToken(config: WechatConfig): Promise<Cached> {
  const url = new URL(`${config.apiBase}/cgi-bin/token`);
  url.search = new URLSearchParams({
    grant_type: "client_credential",
    appid: config.appId,
    secret: config.appSecret ?? "",
  }).toString();
  // WeChat's API answers itself: a redirect is not it (and would carry the secret elsewhere)
  const res = await fetch(url, { signal: AbortSignal.timeout(config.apiTimeoutMs), redirect: "error" });
  const body = (await res.json().catch(() => null)) as {
    access_token?: string;
    expires_in?: number;
    errcode?: number;
    errmsg?: string;
  } | null;
  if (!res.ok || !body?.access_token) {
    throw new WechatApiError(`access_token: ${body?.errcode ?? res.status} ${body?.errmsg ?? ""}`.trim());
  }
  const lifeMs = (body.expires_in ?? 7200) * 1000;
  return { token: body.access_token, renewAt: Date.now() + Math.max(0, lifeMs - config.tokenRenewBeforeMs) };
}

async function accessToken(config: WechatConfig, stale?: string): Promise<string> {
  const key = `${config.apiBase} ${config.appId}`;
  const held = tokens.get(key);
  if (held) {
    const cached = await held.catch(() => null);
    if (cached && cached.token !== stale && cached.renewAt > Date.now()) return cached.token;
    // another request may have started the renewal meanwhile
    if (tokens.get(key) !== held) return accessToken(config, stale);
  }
  const next = fetchToken(config);
  tokens.set(key, next);
  next.catch(() => {
    if (tokens.get(key) === next) tokens.delete(key);
  });
  return (await next).token;
}

/** A temporary medium (an image or a recording a follower sent), at most `maxMediaBytes`. */
export async function fetchMedia(config: WechatConfig, mediaId: string): Promise<Buffer> {
  if (!config.appSecret) throw new WechatApiError("WECHAT_APPSECRET is not set");
  let token = await accessToken(config);
  for (let attempt = 1; ; attempt++) {
    const url = new URL(`${config.apiBase}/cgi-bin/media/get`);
    url.search = new URLSearchParams({ access_token: token, media_id: mediaId }).toString();
    const res = await fetch(url, { signal: AbortSignal.timeout(config.apiTimeoutMs), redirect: "error" });
    const type = res.headers.get("content-type") ?? "";
    // errors come as JSON (or text/plain JSON); media as its own type
    if (/json|text\/plain/i.test(type)) {
      const body = (await res.json().catch(() => null)) as { errcode?: number; errmsg?: string } | null;
      if (body?.errcode !== undefined && TOKEN_REJECTED.has(body.errcode) && attempt === 1) {
        token = await accessToken(config, token);
        continue;
      }
      throw new WechatApiError(`media/get: ${body?.errcode ?? res.status} ${body?.errmsg ?? ""}`.trim());
    }
    if (!res.ok || !res.body) throw new WechatApiError(`media/get: HTTP ${res.status}`);
    return readBounded(res.body, config.maxMediaBytes);
  }
}

async function readBounded(body: ReadableStream<Uint8Array>, max: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max) throw new WechatApiError("media too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
