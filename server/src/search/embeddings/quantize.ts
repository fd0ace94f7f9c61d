/**
 * Vectors stored compactly without pgvector: scaled to unit length, then each dimension as one
 * signed byte, with the scale that maps the largest back (int8 quantisation). Cosine similarity of
 * two unit vectors is their dot product, so a stored vector compares to a query as
 * scale × Σ q[i] × query[i], with ~0.5% error — far below the gap between related and unrelated.
 */
export type Quantized = { scale: number; bytes: Int8Array };

export function unit(vector: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  const norm = Math.sqrt(sum) || 1;
  const out = new Float32Array(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = vector[i]! / norm;
  return out;
}

export function quantize(vector: ArrayLike<number>): Quantized {
  const u = unit(vector);
  let max = 0;
  for (const x of u) max = Math.max(max, Math.abs(x));
  const scale = max / 127 || 1;
  const bytes = new Int8Array(u.length);
  for (let i = 0; i < u.length; i++) bytes[i] = Math.round(u[i]! / scale);
  return { scale, bytes };
}

/** Cosine similarity of the stored vector at `offset` in `all` (length query.length) and a unit query. */
export function similarity(all: Int8Array, offset: number, scale: number, query: Float32Array): number {
  // four sums: independent additions the CPU can overlap
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  const n = query.length - (query.length % 4);
  let i = 0;
  for (; i < n; i += 4) {
    a += all[offset + i]! * query[i]!;
    b += all[offset + i + 1]! * query[i + 1]!;
    c += all[offset + i + 2]! * query[i + 2]!;
    d += all[offset + i + 3]! * query[i + 3]!;
  }
  for (; i < query.length; i++) a += all[offset + i]! * query[i]!;
  return (a + b + c + d) * scale;
}
