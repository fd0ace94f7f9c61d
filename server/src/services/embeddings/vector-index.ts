import type { ItemRef } from "@shinian/contract";
import type { Queryable } from "../../db/pool.ts";
import { userVectors, vectorGeneration } from "../../stores/embeddings.ts";
import { similarity } from "./quantize.ts";

/**
 * Without pgvector the comparison runs here: a user's vectors (int8, ~1 kB each) are read once
 * into one contiguous array per process and reused while the user's generation (bumped by
 * PostgreSQL on every change, migration 019) stays the same — one tiny read per search instead of
 * 10 MB for 10,000 items. Least recently used users leave first past CACHE_BYTES.
 */
type UserVectors = {
  generation: string;
  ids: string[];
  types: ("idea" | "note")[];
  scales: Float32Array;
  vecs: Int8Array;
  dims: number;
};

const CACHE_BYTES = 256 * 1024 * 1024;
const cache = new Map<string, UserVectors>();
let cachedBytes = 0;
const sizeOf = (v: UserVectors) => v.vecs.byteLength + v.ids.length * 60;

async function vectorsOf(db: Queryable, userId: string, model: string, dims: number): Promise<UserVectors> {
  const key = `${userId}\u0000${model}\u0000${dims}`;
  // read before the rows: a change in between only makes the next search read them again
  const generation = await vectorGeneration(db, userId);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cachedBytes -= sizeOf(hit);
    if (hit.generation === generation) {
      cache.set(key, hit);
      cachedBytes += sizeOf(hit);
      return hit;
    }
  }
  const rows = await userVectors(db, userId, model, dims);
  const loaded: UserVectors = {
    generation,
    ids: rows.map((r) => r.id),
    types: rows.map((r) => r.type),
    scales: Float32Array.from(rows.map((r) => r.scale)),
    vecs: new Int8Array(rows.length * dims),
    dims,
  };
  for (const [i, r] of rows.entries())
    loaded.vecs.set(new Int8Array(r.vec.buffer, r.vec.byteOffset, dims), i * dims);
  cache.set(key, loaded);
  cachedBytes += sizeOf(loaded);
  for (const [k, v] of cache) {
    if (cachedBytes <= CACHE_BYTES || v === loaded) break;
    cache.delete(k);
    cachedBytes -= sizeOf(v);
  }
  return loaded;
}

export type Scored = ItemRef & { score: number };

/** The user's items of this model most similar to `query` (a unit vector), best first. */
export async function nearestTo(
  db: Queryable,
  userId: string,
  model: string,
  query: Float32Array,
  { limit, minScore = -1, except }: { limit: number; minScore?: number; except?: string },
): Promise<Scored[]> {
  const v = await vectorsOf(db, userId, model, query.length);
  // the best `limit` so far, kept sorted (limit is small): no object per compared vector
  const best: { i: number; score: number }[] = [];
  for (let i = 0; i < v.ids.length; i++) {
    const score = similarity(v.vecs, i * v.dims, v.scales[i]!, query);
    if (score < minScore || (best.length === limit && score <= best[limit - 1]!.score)) continue;
    if (v.ids[i] === except) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]!.score < score) at--;
    best.splice(at, 0, { i, score });
    if (best.length > limit) best.pop();
  }
  return best.map(({ i, score }) => ({ type: v.types[i]!, id: v.ids[i]!, score }));
}
