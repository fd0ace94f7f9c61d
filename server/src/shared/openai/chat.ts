import { createParser } from "eventsource-parser";
import type { AiConfig } from "../../env.ts";

export type PromptMessage = { role: "system" | "user" | "assistant"; content: string | ContentPart[] };
/** A user message's parts for a model that reads images (AI_VISION): text, and images as data URLs. */
export type ContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };

/** What every call says besides its messages: `maxTokens` bounds what one answer may cost. */
export type CallOptions = { maxTokens: number; temperature?: number };

/**
 * A provider call that failed. `message` is shown to the user (Chinese, no upstream text: it may
 * name hosts or keys); `detail` is the provider's own words, for the log. `status` is the upstream
 * HTTP status, 0 for network or timeout.
 */
export class ProviderError extends Error {
  override name = "ProviderError";
  readonly status: number;
  readonly detail: string;
  constructor(message: string, status = 0, detail = "") {
    super(message);
    this.status = status;
    this.detail = detail;
  }
}

export const RETRYABLE = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const MAX_RETRY_AFTER_MS = 10_000;

export const backoffMs = (attempt: number, retryAfter: string | null) => {
  const seconds = Number(retryAfter);
  if (retryAfter && Number.isFinite(seconds)) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  return 250 * 4 ** attempt; // 250 ms, 1 s, 4 s …
};

export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve();
    }, ms);
    signal.addEventListener("abort", stop, { once: true });
  });

/** The provider's own error text, when its body says one ({"error":{"message":…}}). */
export async function upstreamMessage(res: Response): Promise<string> {
  const text = await res.text().catch(() => "");
  try {
    const body = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
    const message = typeof body.error === "string" ? body.error : (body.error?.message ?? body.message);
    if (message) return message;
  } catch {}
  return text.slice(0, 200) || res.statusText;
}

/**
 * Streams the text of one OpenAI-compatible chat completion. Failures before the first token
 * (429, 5xx, network) are retried with backoff; after it, a failure ends the stream with a
 * ProviderError, since the caller already showed the tokens. `timeoutMs` bounds the wait for the
 * first byte and then every gap between chunks. Aborting `signal`, or leaving the loop early,
 * aborts the upstream request.
 */
export async function* streamCompletion(
  config: AiConfig,
  messages: PromptMessage[],
  signal: AbortSignal,
  options: CallOptions,
): AsyncGenerator<string> {
  const url = `${config.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const headers: Record<string, string> = { "content-type": "application/json", accept: "text/event-stream" };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  const body = JSON.stringify({
    model: config.model,
    messages,
    stream: true,
    temperature: options.temperature ?? 0.7,
    max_tokens: options.maxTokens,
  });

  for (let attempt = 0; ; attempt++) {
    signal.throwIfAborted(); // an abort before this attempt never fires its listener
    const upstream = new AbortController();
    const stop = () => upstream.abort(signal.reason);
    signal.addEventListener("abort", stop, { once: true });
    let timer = setTimeout(() => upstream.abort(new ProviderError("AI 服务响应超时")), config.timeoutMs);
    const touch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => upstream.abort(new ProviderError("AI 服务响应超时")), config.timeoutMs);
    };
    let yielded = false;
    try {
      let res: Response;
      try {
        res = await fetch(url, { method: "POST", headers, body, signal: upstream.signal });
      } catch (err) {
        if (signal.aborted) throw signal.reason;
        if (attempt < config.maxRetries) {
          await sleep(backoffMs(attempt, null), signal);
          continue;
        }
        throw err instanceof ProviderError
          ? err
          : new ProviderError("无法连接 AI 服务", 0, (err as Error).message);
      }
      if (!res.ok || !res.body) {
        const message = await upstreamMessage(res);
        if (RETRYABLE.has(res.status) && attempt < config.maxRetries) {
          await sleep(backoffMs(attempt, res.headers.get("retry-after")), signal);
          continue;
        }
        throw new ProviderError(`AI 服务返回错误（${res.status}）`, res.status, message);
      }
      // A plain reader and the parser's callback, not two more TransformStreams: web streams
      // cost per chunk, and every token passes here.
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      const events: string[] = [];
      const parser = createParser({ onEvent: (e) => events.push(e.data) });
      try {
        read: for (;;) {
          const { done, value } = await reader.read().catch((err: unknown) => {
            if (signal.aborted) throw signal.reason;
            throw upstream.signal.reason instanceof ProviderError
              ? upstream.signal.reason
              : new ProviderError("AI 服务连接中断", 0, (err as Error).message);
          });
          if (done) break;
          touch();
          parser.feed(decoder.decode(value, { stream: true }));
          for (const data of events.splice(0)) {
            if (data === "[DONE]") break read;
            const chunk = parseChunk(data);
            if (chunk.error) throw new ProviderError("AI 服务在回答中途出错", 0, chunk.error);
            if (chunk.text) {
              yielded = true;
              yield chunk.text;
            }
          }
        }
      } finally {
        await reader.cancel().catch(() => {});
      }
      if (!yielded) throw new ProviderError("AI 服务没有返回内容");
      return;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener("abort", stop);
      upstream.abort(); // no-op after a clean end; cancels the request when the caller left early
    }
  }
}

function parseChunk(data: string): { text?: string; error?: string } {
  try {
    const json = JSON.parse(data) as {
      choices?: { delta?: { content?: string | null } }[];
      error?: { message?: string } | string;
    };
    if (json.error)
      return { error: typeof json.error === "string" ? json.error : (json.error.message ?? "未知错误") };
    return { text: json.choices?.[0]?.delta?.content ?? undefined };
  } catch {
    return { error: "无法解析的数据" };
  }
}

/** The whole reply as one string (tidying and composing need it complete). */
export async function complete(
  config: AiConfig,
  messages: PromptMessage[],
  signal: AbortSignal,
  options: CallOptions,
): Promise<string> {
  let text = "";
  for await (const token of streamCompletion(config, messages, signal, options)) text += token;
  return text;
}
