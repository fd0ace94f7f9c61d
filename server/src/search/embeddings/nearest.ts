import type { ItemRef } from "@shinian/contract";
import type { Queryable } from "../../db/pool.ts";
import type { EmbeddingConfig } from "../../env.ts";
import type { Logger } from "../../logger.ts";
import { embedTexts } from "../../shared/openai/embeddings.ts";
import { itemVector } from "../embeddings.store.ts";
import { unit } from "./quantize.ts";
import { nearestTo, type Scored } from "./vector-index.ts";

/** A search waits this long at most for its query's vector, then goes on with keywords alone. */
const QUERY_TIMEOUT_MS = 3_000;
const QUERY_CACHE = 500;
const queryVectors = new Map<string, Float32Array>();

async function queryVector(config: EmbeddingConfig, query: string): Promise<Float32Array> {
  const key = `${config.model}\u0000${query}`;
  const hit = queryVectors.get(key);
  if (hit) return hit;
  const [vector] = await embedTexts(
    { ...config, maxRetries: 0 },
    [query],
    new AbortController().signal,
    Math.min(config.timeoutMs, QUERY_TIMEOUT_MS),
  );
  const u = unit(vector!);
  queryVectors.set(key, u);
  if (queryVectors.size > QUERY_CACHE) queryVectors.delete(queryVectors.keys().next().value!);
  return u;
}

export type MeaningDeps = { db: Queryable; config: { embedding: EmbeddingConfig | null }; logger: Logger };

/**
 * The user's items closest in meaning to `query`, best first, above the model's similarity
 * threshold. null when there is no answer by meaning: embeddings off, or the provider failed (the
 * caller goes on with keywords; a failing provider never breaks a search).
 */
export async function meaningMatches(
  deps: MeaningDeps,
  userId: string,
  query: string,
  limit: number,
): Promise<Scored[] | null> {
  const config = deps.config.embedding;
  if (!config || !query.trim()) return null;
  let vector: Float32Array;
  try {
    vector = await queryVector(config, query.trim());
  } catch (err) {
    deps.logger.warn("query embedding failed; keywords only", { err });
    return null;
  }
  return nearestTo(deps.db, userId, config.model, vector, { limit, minScore: config.minSimilarity });
}

/**
 * The user's items closest in meaning to one of their items (its stored vector against the others
 * of the same model), best first; [] when it has no vector.
 */
export async function nearestItems(
  db: Queryable,
  userId: string,
  ref: ItemRef,
  limit: number,
): Promise<Scored[]> {
  const own = await itemVector(db, userId, ref);
  if (!own) return [];
  const bytes = new Int8Array(own.vec.buffer, own.vec.byteOffset, own.dims);
  const query = Float32Array.from(bytes, (x) => x * own.scale);
  return nearestTo(db, userId, own.model, query, { limit, except: ref.id });
}
