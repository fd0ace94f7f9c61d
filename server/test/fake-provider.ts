import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { embeddingsAnswer } from "./support/fake-embedding-provider.ts";

/**
 * A local stand-in for an OpenAI-compatible provider (we cannot reach a real one here). It speaks
 * the real wire protocol: POST …/chat/completions with `stream: true` answers text/event-stream
 * `data: {"choices":[{"delta":{"content":…}}]}` chunks and `data: [DONE]`; POST
 * …/audio/transcriptions takes multipart (`file`, `model`, …) and answers `{"text":…}` (a scripted
 * stream's chunks joined); errors are JSON `{"error":{"message":…}}` bodies with their HTTP status.
 * Tests script what comes next and read what it received.
 */
export type Scripted =
  | { kind: "stream"; chunks: string[]; delayMs?: number; errorAfter?: number; dropAfter?: number }
  | { kind: "status"; status: number; message?: string; retryAfter?: string };

export type Received = {
  body: {
    model: string;
    messages: { role: string; content: string }[];
    stream?: boolean;
    max_tokens?: number;
  };
  authorization: string | undefined;
  /** A transcription's recording as received (its messages are then empty). */
  audio?: { name: string; type: string; bytes: Buffer; fields: Record<string, string> };
  /** Set when the client went away before the reply ended: the cancellation reached upstream. */
  aborted: boolean;
};

export type FakeProvider = {
  url: string;
  received: Received[];
  /** Replies for the next calls, in order; after them, `fallback` answers. */
  script: (...replies: Scripted[]) => void;
  close: () => Promise<void>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Splits text into chunks of a few characters, like a model's tokens. */
export const tokens = (text: string, size = 3) => {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(""));
  return out;
};

export async function startFakeProvider(
  fallback: (body: Received["body"]) => Scripted = () => ({
    kind: "stream",
    chunks: tokens("你好，这是回答。"),
  }),
  port = 0,
): Promise<FakeProvider> {
  const received: Received[] = [];
  const queue: Scripted[] = [];
  const server = createServer(async (req, res) => {
    // the e2e run's provider also embeds (AI_EMBEDDING_BASE_URL defaults to AI_BASE_URL)
    if (req.method === "POST" && req.url?.endsWith("/embeddings")) {
      const { model, input } = JSON.parse(await readBody(req)) as { model: string; input: string[] };
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(embeddingsAnswer(model, input)));
      return;
    }
    if (req.method === "POST" && req.url?.endsWith("/audio/transcriptions")) {
      await transcription(req, res, received, queue.shift());
      return;
    }
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const body = JSON.parse(await readBody(req)) as Received["body"];
    const entry: Received = { body, authorization: req.headers.authorization, aborted: false };
    received.push(entry);
    res.on("close", () => {
      if (!res.writableFinished) entry.aborted = true;
    });
    await reply(res, queue.shift() ?? fallback(body), body.model);
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/v1`,
    received,
    script: (...replies) => queue.push(...replies),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
const readBody = async (req: IncomingMessage) => (await readBytes(req)).toString("utf8");

/** The words the fake hears in a recording unless a test scripted others: which file, how big. */
export const heardText = (bytes: number) => `录音转写：${bytes} 字节的录音`;

/** POST …/audio/transcriptions, multipart as OpenAI's API takes it; a `file` and a `model` are required. */
async function transcription(
  req: IncomingMessage,
  res: ServerResponse,
  received: Received[],
  next?: Scripted,
) {
  const form = await new Response(new Uint8Array(await readBytes(req)), {
    headers: { "content-type": req.headers["content-type"] ?? "" },
  })
    .formData()
    .catch(() => null);
  const file = form?.get("file");
  const model = form?.get("model");
  if (!(file instanceof File) || typeof model !== "string") {
    res
      .writeHead(400, { "content-type": "application/json" })
      .end(JSON.stringify({ error: { message: "file and model are required" } }));
    return;
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  const fields: Record<string, string> = {};
  for (const [key, value] of form!.entries()) if (typeof value === "string") fields[key] = value;
  received.push({
    body: { model, messages: [] },
    authorization: req.headers.authorization,
    audio: { name: file.name, type: file.type, bytes, fields },
    aborted: false,
  });
  if (next?.kind === "status") return reply(res, next, model);
  if (next?.delayMs) await sleep(next.delayMs);
  const text = next ? next.chunks.join("") : heardText(bytes.length);
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text }));
}

async function reply(res: ServerResponse, s: Scripted, model: string) {
  if (s.kind === "status") {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (s.retryAfter) headers["retry-after"] = s.retryAfter;
    res
      .writeHead(s.status, headers)
      .end(JSON.stringify({ error: { message: s.message ?? "upstream error", type: "server_error" } }));
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const id = `chatcmpl-${Date.now()}`;
  for (const [i, text] of s.chunks.entries()) {
    if (res.destroyed) return;
    if (s.dropAfter === i) {
      res.destroy();
      return;
    }
    if (s.errorAfter === i) {
      res.end(`data: ${JSON.stringify({ error: { message: "model overloaded" } })}\n\n`);
      return;
    }
    if (s.delayMs) await sleep(s.delayMs);
    const chunk = {
      id,
      object: "chat.completion.chunk",
      model,
      choices: [{ index: 0, delta: { content: text }, finish_reason: null }],
    };
    res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  }
  res.write(
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", model, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`,
  );
  res.end("data: [DONE]\n\n");
}
