import http from "node:http";
import https from "node:https";
import { guardedAgents, LocalAddressError } from "../shared/address-guard.ts";

export type Attempt = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/**
 * One POST of a signed body. Bounded from outside: `timeoutMs` covers connecting, sending and the
 * answer (AbortSignal), and at most `maxResponseBytes` of the answer are read. No redirect is
 * followed (a 3xx is a failure), and unless `allowLocal` every address is checked where the
 * socket connects (shared/address-guard.ts), so a name that resolves to this machine is refused.
 */
export function postSigned(
  url: string,
  headers: Record<string, string>,
  body: string,
  o: { timeoutMs: number; maxResponseBytes: number; allowLocal: boolean; signal?: AbortSignal },
): Promise<Attempt> {
  const target = new URL(url);
  const secure = target.protocol === "https:";
  if (!secure && !o.allowLocal)
    return Promise.resolve({ ok: false, status: null, error: "须使用 https:// 地址" });
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
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "Shinian-Webhooks/1",
        },
      });
    } catch (err) {
      // an address written as a local IP is refused as the agent connects, synchronously
      return resolve({ ok: false, status: null, error: describe(err as Error, signal) });
    }
    request.on("response", (res) => {
      let read = 0;
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > o.maxResponseBytes) res.destroy(); // the status is all that counts
      });
      const settle = () => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve({ ok: true, status });
        else resolve({ ok: false, status, error: `接收地址答复 HTTP ${status}` });
      };
      res.on("end", settle);
      res.on("close", settle); // cut off past the cap, or aborted: the status still stands
      res.on("error", () => {});
    });
    request.on("error", (err) => resolve({ ok: false, status: null, error: describe(err, signal) }));
    request.end(body);
  });
}

function describe(err: Error, signal: AbortSignal): string {
  if (err instanceof LocalAddressError || (err as { code?: string }).code === "ELOCALADDRESS")
    return "不能连接本机或内网的地址";
  if (signal.aborted) return "接收地址没有及时答复";
  const code = (err as { code?: string }).code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "找不到这个域名";
  if (code === "ECONNREFUSED") return "接收地址拒绝连接";
  return "无法连接接收地址";
}
