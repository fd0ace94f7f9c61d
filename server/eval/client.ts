/**
 * The evaluation talks to the server the way any client does: over HTTP, by the contract's endpoint
 * names (typed paths, queries, bodies and answers). Calls the contract does not know yet (features
 * landing from other branches) go through `raw`, and the caller treats a 404 as "not available".
 */
import { type EndpointName, endpoints, fillPath, type RequestOf, type ResponseOf } from "@shinian/contract";
import { createParser } from "eventsource-parser";

export type Raw = { status: number; body: unknown };

export type Api = {
  base: string;
  token?: string;
  raw(method: string, path: string, body?: unknown): Promise<Raw>;
  request<N extends EndpointName>(name: N, opts?: RequestOf<N>): Promise<ResponseOf<N>>;
  /** A chat question's server-sent events, read to the end. */
  events(path: string, body: unknown): Promise<{ event: string; data: unknown }[]>;
  upload(path: string, file: { name: string; bytes: Uint8Array<ArrayBuffer> }): Promise<Raw>;
};

export function api(base: string, token?: string): Api {
  const headers = (json: boolean): Record<string, string> => ({
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(json ? { "content-type": "application/json" } : {}),
  });
  const parse = async (res: Response): Promise<Raw> => {
    const type = res.headers.get("content-type") ?? "";
    return { status: res.status, body: type.includes("json") ? await res.json() : await res.text() };
  };
  const raw = async (method: string, path: string, body?: unknown) =>
    parse(
      await fetch(base + path, {
        method,
        headers: headers(body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  return {
    base,
    token,
    raw,
    async request(name, opts) {
      const endpoint = endpoints[name];
      const o = (opts ?? {}) as { params?: Record<string, string>; query?: object; body?: unknown };
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(o.query ?? {})) {
        if (value !== undefined) query.set(key, String(value));
      }
      const path = fillPath(endpoint.path, o.params);
      const res = await raw(endpoint.method.toUpperCase(), query.size ? `${path}?${query}` : path, o.body);
      if (res.status >= 300) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
      return (res.body as { data: ResponseOf<typeof name> }).data;
    },
    async events(path, body) {
      const res = await fetch(base + path, {
        method: "POST",
        headers: headers(true),
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      const events: { event: string; data: unknown }[] = [];
      const parser = createParser({
        onEvent: (e) => events.push({ event: e.event ?? "message", data: JSON.parse(e.data) }),
      });
      const decoder = new TextDecoder();
      for await (const chunk of res.body!) parser.feed(decoder.decode(chunk, { stream: true }));
      return events;
    },
    async upload(path, file) {
      const form = new FormData();
      form.append("file", new File([file.bytes], file.name));
      return parse(await fetch(base + path, { method: "POST", headers: headers(false), body: form }));
    },
  };
}
