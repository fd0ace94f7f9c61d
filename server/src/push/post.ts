import http from "node:http";
import https from "node:https";
import { guardedAgents, LocalAddressError } from "../shared/address-guard.ts";

export type Answered = { status: number; text: string } | { status: null; error: string };

/**
 * One POST to a channel, its answer read as text. Bounded from outside: `timeoutMs` covers
 * connecting, sending and the answer (AbortSignal), and at most `maxResponseBytes` of the answer
 * are read. No redirect is followed. Unless `allowLocal`, https only, and every address is checked
 * where the socket connects (shared/address-guard.ts, as WebDAV and webhooks are): a name that
 * resolves to this machine or its network is refused.
 */
export function post(
  url: string,
  body: string,
  o: {
    contentType: string;
    headers?: Record<string, string>;
    timeoutMs: number;
    maxResponseBytes: number;
    allowLocal: boolean;
    signal?: AbortSignal;
  },
): Promise<Answered> {
  const target = new URL(url);
  const secure = target.protocol === "https:";
  if (!secure && !o.allowLocal) return Promise.resolve({ status: null, error: "须使用 https:// 地址" });
  const signal = AbortSignal.any([AbortSignal.timeout(o.timeoutMs), ...(o.signal ? [o.signal] : [])]);
  const agent = o.allowLocal ? undefined : secure ? guardedAgents.https : guardedAgents.http;
  return new Promise((resolve) => {
    let request: http.ClientRequest;
    try {
      request = (secure ? https : http).request(target, {
        method: "POST",
        agent,
        signal,
        headers: {
          ...o.headers,
          "content-type": o.contentType,
          "content-length": Buffer.byteLength(body),
          "user-agent": "Shinian-Push/1",
        },
      });
    } catch (err) {
      // an address written as a local IP is refused as the agent connects, synchronously
      return resolve({ status: null, error: describe(err as Error, signal) });
    }
    request.on("response", (res) => {
      const chunks: Buffer[] = [];
      let read = 0;
      let settled = false;
      res.on("data", (chunk: Buffer) => {
        if (read >= o.maxResponseBytes) return;
        chunks.push(chunk.subarray(0, o.maxResponseBytes - read));
        read += chunk.length;
        if (read >= o.maxResponseBytes) res.destroy();
      });
      const settle = () => {
        if (settled) return;
        settled = true;
        // streamed decoding leaves out a character the cap cut in half (no U+FFFD at the end)
        const text = new TextDecoder().decode(Buffer.concat(chunks), { stream: true });
        resolve({ status: res.statusCode ?? 0, text });
      };
      res.on("end", settle);
      res.on("close", settle);
      res.on("error", () => {});
    });
    request.on("error", (err) => resolve({ status: null, error: describe(err, signal) }));
    request.end(body);
  });
}

function describe(err: Error, signal: AbortSignal): string {
  if (err instanceof LocalAddressError || (err as { code?: string }).code === "ELOCALADDRESS")
    return "不能连接本机或内网的地址";
  if (signal.aborted) return "推送渠道没有及时答复";
  const code = (err as { code?: string }).code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "找不到这个域名";
  if (code === "ECONNREFUSED") return "推送地址拒绝连接";
  return "无法连接推送地址";
}
