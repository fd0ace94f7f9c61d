import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for an OpenAI-compatible embeddings endpoint (no real model is reachable here):
 * POST …/embeddings with `{ model, input: string[] }` answers `{ data: [{ index, embedding }] }`.
 * It logs every request, so a test can check what was (and was not) sent.
 */
export type FakeEmbeddingProvider = {
  url: string;
  requests: { model: string; input: string[] }[];
  /** The next `count` requests fail with `status` (default 500). */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
};

/**
 * Words that mean the same thing to the fake model: a text containing any of a group's words gets
 * that group's direction. Meaning-only queries in tests use them (睡不着 finds 失眠 with no word
 * in common); everything else is close only by shared characters.
 */
const MEANINGS = [
  ["睡不着", "失眠", "半夜醒来", "睡眠"],
  ["宠物", "猫", "狗", "小猫", "小狗"],
  ["瘦身", "减脂", "减肥", "体重"],
  ["跑步", "慢跑", "马拉松", "晨跑"],
  ["咖啡", "拿铁", "美式", "手冲"],
  ["读书", "阅读", "看书", "书单"],
  ["旅行", "旅游", "出游", "度假"],
  ["做饭", "烹饪", "下厨", "菜谱"],
];
export const FAKE_DIMS = 64;
const CONCEPT_WEIGHT = 4;

const hash = (text: string) => {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return h;
};

/** Deterministic: the groups above, then each character in one of the other dimensions. */
export function defaultEmbed(text: string): number[] {
  const v: number[] = new Array<number>(FAKE_DIMS).fill(0);
  MEANINGS.forEach((words, i) => {
    if (words.some((w) => text.includes(w))) v[i] = CONCEPT_WEIGHT;
  });
  const rest = FAKE_DIMS - MEANINGS.length;
  for (const ch of text) if (ch.trim()) v[MEANINGS.length + (hash(ch) % rest)]! += 1;
  if (!v.some((x) => x !== 0)) v[FAKE_DIMS - 1] = 1;
  return v;
}

/** The body of an embeddings answer, as OpenAI sends it. */
export function embeddingsAnswer(model: string, input: string[], embed = defaultEmbed) {
  return {
    object: "list",
    model,
    data: input.map((text, index) => ({ object: "embedding", index, embedding: embed(text) })),
    usage: { prompt_tokens: 0, total_tokens: 0 },
  };
}

async function readJson(req: IncomingMessage): Promise<{ model?: unknown; input?: unknown }> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString("utf8"));
}

export async function startFakeEmbeddingProvider(
  opts: { embed?: (text: string) => number[] } = {},
): Promise<FakeEmbeddingProvider> {
  const requests: FakeEmbeddingProvider["requests"] = [];
  const failures: number[] = [];
  const server = createServer(async (req, res) => {
    const json = (status: number, body: object) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.method !== "POST" || !req.url?.endsWith("/embeddings"))
      return json(404, { error: { message: "not found" } });
    const body = await readJson(req).catch(() => null);
    const input = typeof body?.input === "string" ? [body.input] : body?.input;
    if (!body || typeof body.model !== "string" || !Array.isArray(input)) {
      return json(400, { error: { message: "model and input are required" } });
    }
    requests.push({ model: body.model, input: input as string[] });
    const status = failures.shift();
    if (status) return json(status, { error: { message: "upstream exploded", type: "server_error" } });
    json(200, embeddingsAnswer(body.model, input as string[], opts.embed));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    failNext: (count, status = 500) => failures.push(...new Array<number>(count).fill(status)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
