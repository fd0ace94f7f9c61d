import http from "node:http";
import https from "node:https";
import { guardedAgents, LocalAddressError } from "./address-guard.ts";

export type Answered = { status: number; text: string } | { status: null; error: string };

/** How a failure is said: `late` when our deadline cut the call, `address` (推送地址, 接收地址) else. */
export type OutboundWords = { late: string; address: string };

/**
 * One POST (a push, a webhook), its answer read as text. Bounded from outside: `timeoutMs` covers
 * connecting, sending and the answer (AbortSignal), and at most `maxResponseBytes` of the answer
 * are read. No redirect is followed. Unless `allowLocal`, https only, and every address is checked
 * where the socket connects (address-guard.ts, as WebDAV's are): a name that resolves to this
 * machine or its network is refused.
 */
export function postGuarded(
  url: string,
  body: string,
  o: {
    contentType: string;
    headers?: Record<string, string>;
    userAgent: string;
    words: OutboundWords;
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
          "user-agent": o.userAgent,
        },
      });
    } catch (err) {
      // an address written as a local IP is refused as the agent connects, synchronously
      return resolve({ status: null, error: outboundFailure(err as Error, signal, o.words) });
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
    request.on("error", (err) => resolve({ status: null, error: outboundFailure(err, signal, o.words) }));
    request.end(body);
  });
}

/**
 * Why an outbound call (a webhook, a push) did not get through, in Chinese: `late` when our
 * deadline cut it, else what the network said of `address` (推送地址, 接收地址).
 */
function outboundFailure(err: Error, signal: AbortSignal, o: OutboundWords): string {
  const code = (err as { code?: string }).code;
  if (err instanceof LocalAddressError || code === "ELOCALADDRESS") return "不能连接本机或内网的地址";
  if (signal.aborted) return o.late;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "找不到这个域名";
  if (code === "ECONNREFUSED") return `${o.address}拒绝连接`;
  return `无法连接${o.address}`;
}
