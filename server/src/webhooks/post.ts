import { postGuarded } from "../shared/outbound-post.ts";

export type Attempt = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/**
 * One POST of a signed body (shared/outbound-post.ts: bounded, no redirect, guarded): a 2xx is
 * delivered, anything else (a 3xx too) a failure.
 */
export async function postSigned(
  url: string,
  headers: Record<string, string>,
  body: string,
  o: { timeoutMs: number; maxResponseBytes: number; allowLocal: boolean; signal?: AbortSignal },
): Promise<Attempt> {
  const answer = await postGuarded(url, body, {
    ...o,
    contentType: "application/json",
    headers,
    userAgent: "Shinian-Webhooks/1",
    words: { late: "接收地址没有及时答复", address: "接收地址" },
  });
  if (answer.status === null) return { ok: false, status: null, error: answer.error };
  if (answer.status >= 200 && answer.status < 300) return { ok: true, status: answer.status };
  return { ok: false, status: answer.status, error: `接收地址答复 HTTP ${answer.status}` };
}
