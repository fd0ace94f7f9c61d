/**
 * Where the evaluation's vectors come from: the fake embedder behind its local server (the
 * default, for the plumbing), or a real OpenAI-compatible provider when AI_EMBEDDING_MODEL is set
 * (by hand; none is reachable from this machine). The hybrid server is pointed at the same one,
 * and the "vector" mode ranks by the same vectors, so the three modes compare like with like.
 */

import { startFakeEmbeddingProvider } from "../test/support/fake-embedding-provider.ts";
import { fakeEmbed } from "./fake-embedder.ts";

export type Embedder = {
  label: string;
  /** The embedding settings for the server under test. */
  env: Record<string, string>;
  embedMany(texts: string[]): Promise<number[][]>;
  /** Texts the server has sent so far (known for the fake one only). */
  sentByServer(): number | null;
  close(): Promise<void>;
};

export async function fakeEmbedder(): Promise<Embedder> {
  const server = await startFakeEmbeddingProvider({ embed: fakeEmbed });
  return {
    label: "fake hashing embedder (character n-grams; not a model)",
    env: {
      AI_EMBEDDING_BASE_URL: server.url,
      AI_EMBEDDING_MODEL: "fake-hashing-embedder",
      AI_EMBEDDING_API_KEY: "eval",
    },
    embedMany: async (texts) => texts.map(fakeEmbed),
    sentByServer: () => server.requests.flatMap((r) => r.input).length,
    close: () => server.close(),
  };
}

/** `batch`: texts per request (AI_EMBEDDING_BATCH; DashScope takes at most 10). */
export type ProviderSettings = { baseUrl: string; apiKey?: string; model: string; batch?: number };

export function providerEmbedder(settings: ProviderSettings): Embedder {
  const embedBatch = async (input: string[]) => {
    const res = await fetch(`${settings.baseUrl.replace(/\/$/, "")}/embeddings`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: settings.model, input }),
    });
    if (!res.ok) throw new Error(`embedding provider: ${res.status} ${await res.text()}`);
    const { data } = (await res.json()) as { data: { index: number; embedding: number[] }[] };
    return data.sort((a, b) => a.index - b.index).map((d) => d.embedding);
  };
  return {
    label: `${settings.model} at ${settings.baseUrl}`,
    env: {
      AI_EMBEDDING_BASE_URL: settings.baseUrl,
      AI_EMBEDDING_MODEL: settings.model,
      ...(settings.apiKey ? { AI_EMBEDDING_API_KEY: settings.apiKey } : {}),
      ...(settings.batch ? { AI_EMBEDDING_BATCH: String(settings.batch) } : {}),
    },
    async embedMany(texts) {
      const size = settings.batch ?? 10;
      const vectors: number[][] = [];
      for (let i = 0; i < texts.length; i += size)
        vectors.push(...(await embedBatch(texts.slice(i, i + size))));
      return vectors;
    },
    sentByServer: () => null,
    close: async () => undefined,
  };
}
