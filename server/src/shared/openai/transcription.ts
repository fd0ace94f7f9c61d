import type { TranscribeConfig } from "../../env.ts";
import { backoffMs, ProviderError, RETRYABLE, sleep, upstreamMessage } from "./chat.ts";

/** More than any recording within attachments.maxBytes says: an answer past it is not a transcript. */
const MAX_ANSWER_BYTES = 1024 * 1024;
/**
 * Whisper-like models write Mandarin in 繁体 about as often as in 简体; a prompt in 简体 with
 * punctuation steers them to write as the app does.
 */
const PROMPT = "以下是普通话的句子，使用简体中文，带标点。";

export type Recording = { data: Buffer; contentType: string; name: string };

/** The answer's body, refused once it passes `max` bytes (nothing more is read). */
async function boundedText(res: Response, max: number): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      throw new ProviderError("AI 服务返回的内容过大");
    }
    parts.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(parts));
}

/**
 * The words of one recording, from an OpenAI-compatible `POST {baseUrl}/audio/transcriptions`
 * (multipart: `file`, `model`, `response_format=json` → `{"text": …}`). 429, 5xx and network
 * failures are retried with backoff; `timeoutMs` bounds the whole call, retries included.
 */
export async function transcribe(
  config: TranscribeConfig,
  recording: Recording,
  signal: AbortSignal,
): Promise<string> {
  const url = `${config.baseUrl.replace(/\/+$/, "")}/audio/transcriptions`;
  const headers: Record<string, string> = { accept: "application/json" };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  const deadline = AbortSignal.timeout(config.timeoutMs);
  const all = AbortSignal.any([signal, deadline]);
  const file = new Blob([new Uint8Array(recording.data)], { type: recording.contentType });
  for (let attempt = 0; ; attempt++) {
    const form = new FormData();
    form.set("file", file, recording.name);
    form.set("model", config.model);
    form.set("response_format", "json");
    form.set("prompt", PROMPT);
    let res: Response;
    try {
      res = await fetch(url, { method: "POST", headers, body: form, signal: all });
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      if (deadline.aborted) throw new ProviderError("AI 服务响应超时");
      if (attempt < config.maxRetries) {
        await sleep(backoffMs(attempt, null), all).catch(() => undefined);
        continue;
      }
      throw new ProviderError("无法连接 AI 服务", 0, (err as Error).message);
    }
    if (!res.ok) {
      const message = await upstreamMessage(res);
      if (RETRYABLE.has(res.status) && attempt < config.maxRetries && !all.aborted) {
        await sleep(backoffMs(attempt, res.headers.get("retry-after")), all).catch(() => undefined);
        continue;
      }
      throw new ProviderError(`AI 服务返回错误（${res.status}）`, res.status, message);
    }
    let body: { text?: unknown };
    try {
      body = JSON.parse(await boundedText(res, MAX_ANSWER_BYTES)) as { text?: unknown };
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      if (deadline.aborted) throw new ProviderError("AI 服务响应超时");
      throw new ProviderError("AI 返回的结果无法识别");
    }
    if (typeof body?.text !== "string") throw new ProviderError("AI 返回的结果无法识别");
    return body.text.trim();
  }
}
