/** Any of T's fields, to any depth (a Buffer, an array or null is replaced whole). */
export type Patch<T> = T extends Buffer | readonly unknown[] | null
  ? T
  : T extends object
    ? { [K in keyof T]?: Patch<T[K]> }
    : T;

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * A copy of `base` with `patch`'s values in place, plain objects merged key by key. A slice that
 * is off (null: no AI provider, say) stays off: there is nothing of it to change.
 */
export function patched<T>(base: T, patch: Patch<T>): T {
  if (base === null && isPlain(patch)) return base;
  if (!isPlain(base) || !isPlain(patch)) return patch as T;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) out[key] = patched(base[key], value as never);
  return out as T;
}
