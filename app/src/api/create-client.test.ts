import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  CONFIG_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  REQUEST_FAILED_MESSAGE,
} from "./api-error.ts";
import { createApiClient, retryAfterMs } from "./create-client.ts";

type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };

let server: Server;
let origin: string;
let seen: Seen[] = [];

const send = (
  res: import("node:http").ServerResponse,
  status: number,
  body?: unknown,
  type = "application/json",
) => {
  res.writeHead(status, body === undefined ? {} : { "Content-Type": type });
  res.end(body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const path = (req.url ?? "").split("?")[0];
      switch (path) {
        case "/api/ok":
          return send(res, 200, { success: true, data: { hello: "世界" } });
        case "/api/echo":
          return send(res, 201, { success: true, data: JSON.parse(body || "null") });
        case "/api/empty":
          return send(res, 204);
        case "/api/unauthorized":
          return send(res, 401, { success: false, message: "未登录或登录已过期", code: "UNAUTHORIZED" });
        case "/api/conflict":
          return send(res, 409, { success: false, message: "该账号无法注册", code: "CONFLICT" });
        case "/api/plain-error":
          return send(res, 502, "Bad Gateway", "text/plain");
        case "/api/bare-error":
          return send(res, 500);
        case "/api/slow":
          setTimeout(() => send(res, 200, { success: true, data: 1 }), 2_000);
          return;
        default:
          return send(res, 404, { success: false, message: "接口不存在", code: "NOT_FOUND" });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
});

const makeClient = (overrides: Partial<Parameters<typeof createApiClient>[0]> = {}) => {
  const clearSession = vi.fn();
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    baseUrl: `${origin}/api`,
    timeoutMs: 5_000,
    getToken: () => "secret-token",
    clearSession,
    onUnauthorized,
    ...overrides,
  });
  return { client, clearSession, onUnauthorized };
};

const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
};

describe("api client", () => {
  it("takes an answer already on its way instead of asking, and treats its 401 like any", async () => {
    const { client, clearSession, onUnauthorized } = makeClient({
      takePrefetched: async (request, token) =>
        request.url === `${origin}/api/ok` && token === "secret-token"
          ? new Response(JSON.stringify({ success: false, message: "未登录或登录已过期" }), {
              status: 401,
              headers: { "Content-Type": "application/json" },
            })
          : undefined,
    });
    const error = await rejection(client.get("/ok"));
    expect(error).toMatchObject({ status: 401, message: "未登录或登录已过期" });
    expect(seen).toHaveLength(0);
    expect(clearSession).toHaveBeenCalledOnce();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    // nothing on its way for this one: asked as usual
    await expect(client.get("/echo")).resolves.toBeNull();
    expect(seen).toHaveLength(1);
  });

  it("sends the bearer token, no-cache and JSON headers, and hands back the envelope's data", async () => {
    const { client } = makeClient();
    await expect(client.get("/ok")).resolves.toEqual({ hello: "世界" });
    const request = seen[0];
    expect(request?.url).toBe("/api/ok");
    expect(request?.headers.authorization).toBe("Bearer secret-token");
    expect(request?.headers["cache-control"]).toBe("no-cache");
    expect(request?.headers.pragma).toBe("no-cache");
    expect(request?.headers["content-type"]).toBe("application/json");
  });

  it("omits Authorization without a token", async () => {
    const { client } = makeClient({ getToken: () => null });
    await client.get("/ok");
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it("body() hands back the whole body; JSON and query strings go out", async () => {
    const { client } = makeClient();
    const body = await client.body("post", "echo", {
      json: { content: "想法" },
      searchParams: { a: 1, b: undefined },
    });
    expect(body).toEqual({ success: true, data: { content: "想法" } });
    expect(seen[0]?.method).toBe("POST");
    expect(seen[0]?.url).toBe("/api/echo?a=1");
    expect(seen[0]?.body).toBe('{"content":"想法"}');
  });

  it("hands back null for an empty answer", async () => {
    const { client } = makeClient();
    await expect(client.delete("/empty")).resolves.toBeNull();
  });

  it("on 401 clears the session, sends to login and rejects with the server's message", async () => {
    const { client, clearSession, onUnauthorized } = makeClient();
    const error = await rejection(client.get("/unauthorized"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: "未登录或登录已过期" });
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("rejects other HTTP errors with status, the server's message and data, leaving the session alone", async () => {
    const { client, clearSession, onUnauthorized } = makeClient();
    const error = await rejection(client.post("/conflict", { json: {} }));
    expect(error).toMatchObject({
      status: 409,
      message: "该账号无法注册",
      data: { success: false, message: "该账号无法注册", code: "CONFLICT" },
    });
    expect(clearSession).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("falls back to 请求失败 without a server message", async () => {
    const { client } = makeClient();
    await expect(rejection(client.get("/plain-error"))).resolves.toMatchObject({
      status: 502,
      message: REQUEST_FAILED_MESSAGE,
      data: "Bad Gateway",
    });
    await expect(rejection(client.get("/bare-error"))).resolves.toMatchObject({
      status: 500,
      message: REQUEST_FAILED_MESSAGE,
      data: null,
    });
  });

  it("rejects with status 0 when nothing answers", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { client } = makeClient({ baseUrl: `http://127.0.0.1:${port}/api` });
    await expect(rejection(client.get("/ok"))).resolves.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it("rejects with status 0 when the answer does not come in time", async () => {
    const { client } = makeClient();
    await expect(rejection(client.get("/slow", { timeoutMs: 200 }))).resolves.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it("rejects with status -1 when the request cannot be set up", async () => {
    const { client } = makeClient();
    const error = await rejection(client.post("/echo", { json: { n: 1n } }));
    expect(error).toMatchObject({ status: -1, message: CONFIG_ERROR_MESSAGE });
    expect(seen).toHaveLength(0);
  });

  it("passes a cancel through as an AbortError", async () => {
    const { client } = makeClient();
    const controller = new AbortController();
    const pending = client.get("/slow", { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(pending);
    expect((error as Error).name).toBe("AbortError");
  });
});

describe("retryAfterMs", () => {
  it("reads Retry-After in seconds or as an HTTP date, and nothing else", () => {
    const now = Date.parse("2026-11-24T04:00:00Z");
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs("Tue, 24 Nov 2026 04:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("Tue, 24 Nov 2026 03:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs("soon", now)).toBeNull();
  });
});
