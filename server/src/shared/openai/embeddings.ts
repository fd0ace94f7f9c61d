import type { EmbeddingConfig } from "../../env.ts";
import { ProviderError } from "./chat.ts";

const RETRYABLE = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/**
 * One call to an OpenAI-compatible `POST {base}/embeddings` with `{ model, input }`: the vectors in
 * the order of `input` (the answer's `index` says which is which). Network failures and 429/5xx are
 * retried `maxRetries` times at once; the queue (search/embeddings/queue.ts) backs off between
 * rounds. Throws ProviderError.
 */
export async function embedTexts(
  config: EmbeddingConfig,
  input: string[],
  signal: AbortSignal,
  timeoutMs = config.timeoutMs,
): Promise<number[][]> {
  const url = `${config.baseUrl.replace(/\/+$/, "")}/embeddings`;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  const body = JSON.stringify({ model: config.model, input });
  for (let attempt = 0; ; attempt++) {
    signal.throwIfAborted();
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response;
    try {
      res = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.any([signal, timeout]) });
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      if (attempt < config.maxRetries) continue;
      const why = timeout.aborted ? "向量服务响应超时" : "无法连接向量服务";
      throw new ProviderError(why, 0, (err as Error).message);
    }
    if (!res.ok) {
      const detail = (await res.text().catch(() => "")).slice(0, 200);
      if (RETRYABLE.has(res.status) && attempt < config.maxRetries) continue;
      throw new ProviderError(`向量服务返回错误（${res.status}）`, res.status, detail);
    }
    return parseVectors(await res.json().catch(() => null), input.length);
  }
}

function parseVectors(json: unknown, count: number): number[][] {
  const data = (json as { data?: { index?: unknown; embedding?: unknown }[] } | null)?.data;
  if (!Array.isArray(data) || data.length !== count) {
    throw new ProviderError("向量服务的回答无法解析", 0, `expected ${count} vectors`);
  }
  const vectors: number[][] = new Array(count);
  data.forEach((d, i) => {
    const index = typeof d.index === "number" ? d.index : i;
    const v = d.embedding;
    if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === "number" && Number.isFinite(x))) {
      throw new ProviderError("向量服务的回答无法解析", 0, "embedding is not a list of numbers");
    }
    vectors[index] = v;
  });
  if (vectors.some((v) => !v) || new Set(vectors.map((v) => v.length)).size !== 1) {
    throw new ProviderError("向量服务的回答无法解析", 0, "missing index or mixed dimensions");
  }
  return vectors;
}
