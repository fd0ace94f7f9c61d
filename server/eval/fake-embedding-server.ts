/**
 * A minimal local server speaking the OpenAI-compatible embeddings protocol (`POST {base}/embeddings`
 * with `{ model, input: string[] }` → `{ data: [{ index, embedding }] }`) around a given embedder,
 * for the evaluation. It counts what it embedded, so the report can say whether every item was sent.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type EmbeddingServer = {
  /** `AI_EMBEDDING_BASE_URL` for the server under test. */
  baseUrl: string;
  /** Texts embedded so far, and requests answered. */
  counts: { texts: number; requests: number };
  close(): Promise<void>;
};

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

export async function startEmbeddingServer(embed: (text: string) => number[]): Promise<EmbeddingServer> {
  const counts = { texts: 0, requests: 0 };
  const server = createServer(async (req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || !req.url?.endsWith("/embeddings")) {
      return answer(404, { error: { message: "not found" } });
    }
    let input: unknown;
    try {
      input = JSON.parse(await readBody(req)).input;
    } catch {
      return answer(400, { error: { message: "body is not JSON" } });
    }
    const texts = typeof input === "string" ? [input] : input;
    if (!Array.isArray(texts) || !texts.every((t) => typeof t === "string")) {
      return answer(400, { error: { message: "input must be a string or an array of strings" } });
    }
    counts.requests++;
    counts.texts += texts.length;
    answer(200, {
      object: "list",
      data: texts.map((text, index) => ({ object: "embedding", index, embedding: embed(text) })),
      model: "fake-hashing-embedder",
      usage: { prompt_tokens: 0, total_tokens: 0 },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    counts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
