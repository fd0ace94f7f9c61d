export type Method = "get" | "post" | "patch" | "delete";
export type Route = { readonly method: Method; readonly path: `/api/${string}` };

/** The parameters a path names: `/api/ideas/{id}` → `{ id: string }`. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & PathParams<Rest>
  : Record<never, never>;

/** A path with its parameters filled in, each one URI-encoded. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
