import type { ItemRef } from "@shinian/contract";
import { usesPgvector } from "../../db/pgvector.ts";
import { type Queryable, STATEMENT_TIMEOUT_MS } from "../../db/pool.ts";
import {
  nearestInSql,
  userVectors,
  type VectorRow,
  vectorGeneration,
  vectorsSince,
} from "../embeddings.store.ts";
import { similarity } from "./quantize.ts";

/**
 * Without pgvector (db/pgvector.ts) the comparison runs here: a user's vectors (int8, ~1 kB each) are read once
 * into one contiguous array per process and reused while the user's generation (bumped by
 * PostgreSQL on every change, migration 019) stays the same — one tiny read per search instead of
 * 10 MB for 10,000 items. After a change only the vectors written since the last read are read
 * (a capture's new vector), unless some went away (then all again). Least recently used users
 * leave first past CACHE_BYTES.
 */
type UserVectors = {
  generation: string;
  /** The database's time of the last read. */
  readAt: Date;
  count: number;
  ids: string[];
  types: ("idea" | "note")[];
  index: Map<string, number>;
  scales: Float32Array;
  vecs: Int8Array;
  dims: number;
};

const CACHE_BYTES = 256 * 1024 * 1024;
/**
 * A vector stamped (now(): its statement's start) up to this long before a read may have been
 * committed after it: no statement runs longer than STATEMENT_TIMEOUT_MS.
 */
const IN_FLIGHT_MS = STATEMENT_TIMEOUT_MS + 5_000;
const cache = new Map<string, UserVectors>();
let cachedBytes = 0;
const sizeOf = (v: UserVectors) => v.vecs.byteLength + v.ids.length * 60;

function fresh(dims: number, capacity: number, generation: string, readAt: Date): UserVectors {
  const size = Math.max(16, capacity);
  return {
    generation,
    readAt,
    count: 0,
    ids: [],
    types: [],
    index: new Map(),
    scales: new Float32Array(size),
    vecs: new Int8Array(size * dims),
    dims,
  };
}

/** Adds or replaces one vector, growing the arrays (doubling) when full. */
function put(v: UserVectors, r: VectorRow) {
  let at = v.index.get(r.id);
  if (at === undefined) {
    if (v.count === v.scales.length) {
      const scales = new Float32Array(v.scales.length * 2);
      scales.set(v.scales);
      const vecs = new Int8Array(scales.length * v.dims);
      vecs.set(v.vecs);
      v.scales = scales;
      v.vecs = vecs;
    }
    at = v.count++;
    v.index.set(r.id, at);
    v.ids[at] = r.id;
  }
  v.types[at] = r.type;
  v.scales[at] = r.scale;
  v.vecs.set(new Int8Array(r.vec.buffer, r.vec.byteOffset, v.dims), at * v.dims);
}

async function refreshed(
  db: Queryable,
  userId: string,
  model: string,
  dims: number,
  generation: string,
  old?: UserVectors,
) {
  if (old) {
    const since = new Date(old.readAt.getTime() - IN_FLIGHT_MS);
    const changed = await vectorsSince(db, userId, model, dims, since);
    for (const r of changed.rows) put(old, r);
    if (old.count === changed.total) return Object.assign(old, { generation, readAt: changed.readAt });
  }
  const all = await userVectors(db, userId, model, dims);
  const loaded = fresh(dims, all.rows.length, generation, all.readAt);
  for (const r of all.rows) put(loaded, r);
  return loaded;
}

async function vectorsOf(db: Queryable, userId: string, model: string, dims: number): Promise<UserVectors> {
  const key = `${userId}\u0000${model}\u0000${dims}`;
  // read before the rows: a change in between only makes the next search read them again
  const generation = await vectorGeneration(db, userId);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cachedBytes -= sizeOf(hit);
  }
  const current =
    hit?.generation === generation ? hit : await refreshed(db, userId, model, dims, generation, hit);
  // a concurrent search of the same user may have stored its own copy meanwhile: it is replaced
  const prev = cache.get(key);
  if (prev) {
    cache.delete(key);
    cachedBytes -= sizeOf(prev);
  }
  cache.set(key, current);
  cachedBytes += sizeOf(current);
  for (const [k, v] of cache) {
    if (cachedBytes <= CACHE_BYTES || v === current) break;
    cache.delete(k);
    cachedBytes -= sizeOf(v);
  }
  return current;
}

/** What the process's copies of vectors take, as counted against CACHE_BYTES (for tests). */
export const cachedVectorBytes = () => cachedBytes;

export type Scored = ItemRef & { score: number };

type NearestOptions = { limit: number; minScore?: number; except?: string };

/**
 * The user's items of this model most similar to `query` (a unit vector), best first: compared in
 * SQL where the database has pgvector (db/pgvector.ts), else in this process.
 */
export async function nearestTo(
  db: Queryable,
  userId: string,
  model: string,
  query: Float32Array,
  options: NearestOptions,
): Promise<Scored[]> {
  if (!(await usesPgvector(db))) return nearestInProcess(db, userId, model, query, options);
  const { limit, minScore = -1, except } = options;
  // the best `limit` first, then the threshold: the same items as the threshold first
  const rows = await nearestInSql(db, userId, model, query, limit, except);
  return rows.filter((r) => r.score >= minScore);
}

/** nearestTo without pgvector: the user's int8 vectors, kept in this process, compared here. */
export async function nearestInProcess(
  db: Queryable,
  userId: string,
  model: string,
  query: Float32Array,
  { limit, minScore = -1, except }: NearestOptions,
): Promise<Scored[]> {
  const v = await vectorsOf(db, userId, model, query.length);
  // the best `limit` so far, kept sorted (limit is small): no object per compared vector
  const best: { i: number; score: number }[] = [];
  for (let i = 0; i < v.count; i++) {
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
