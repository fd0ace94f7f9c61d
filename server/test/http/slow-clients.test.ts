import type { Server } from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { createPool } from "../../src/db/pool.ts";
import { loadConfig } from "../../src/env.ts";
import { addressKey } from "../../src/http/connection-cap.ts";
import { LIMITS } from "../../src/limits.ts";
import { createLogger } from "../../src/logger.ts";
import { listen } from "../../src/server.ts";
import { type ConfigPatch, onOneDatabase, registerUser, testConfig } from "../helpers.ts";
import { chunk, chunkedHead, exchange, healthRequest, postHead } from "../raw-http.ts";

const portOf = (server: Server) => (server.address() as net.AddressInfo).port;
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
const envelope = (body: string) => JSON.parse(body) as { success: boolean; code: string; message: string };

// Each of these sends the head, waits, and only then the body: an answer that comes while only
// the head was sent (partsSent 1) was given without reading the body. Before these fixes the
// server read bodies up to 8 MB first (and buffered chunked ones whole before the guard ran).
const BODY_WAIT_MS = 1000;

onOneDatabase((ctx) => {
  describe("request bodies on a real connection", () => {
    let server: Server;
    let token: string;
    beforeAll(async () => {
      server = await listen(ctx.app.fetch, 0, "127.0.0.1", ctx.config.http);
      token = (await registerUser(ctx)).token;
    });
    afterAll(() => close(server));

    it("a Content-Length over the endpoint's bound is refused with 413 before the body is read, and the connection closed", async () => {
      const big = 3 * 1024 * 1024;
      for (const head of [
        postHead("/api/auth/login", big),
        postHead("/api/notes", big, `Authorization: Bearer ${token}\r\n`),
      ]) {
        const { answers } = await exchange(portOf(server), [head, BODY_WAIT_MS, Buffer.alloc(big, "a")], 1);
        expect(answers.map((a) => [a.status, a.partsSent, a.headers.connection])).toEqual([
          [413, 1, "close"],
        ]);
        expect(envelope(answers[0]!.body)).toEqual({
          success: false,
          message: "请求内容过大",
          code: "PAYLOAD_TOO_LARGE",
        });
      }
    });

    it("an unauthenticated request with a large body is answered 401 without reading it", async () => {
      const size = 1024 * 1024;
      const declared = await exchange(
        portOf(server),
        [postHead("/api/ideas", size), BODY_WAIT_MS, Buffer.alloc(size, "a")],
        1,
      );
      expect(declared.answers.map((a) => [a.status, a.partsSent, a.headers.connection])).toEqual([
        [401, 1, "close"],
      ]);
      expect(envelope(declared.answers[0]!.body).code).toBe("UNAUTHORIZED");
      // chunked, never finished: only what fits the small drain bound is looked at
      const chunked = await exchange(
        portOf(server),
        [chunkedHead("/api/ideas"), chunk(Buffer.alloc(100_000, "a"))],
        1,
      );
      expect(chunked.answers.map((a) => [a.status, a.headers.connection])).toEqual([[401, "close"]]);
    });

    it("a chunked body is bounded as it streams: 16 KB unauthenticated, 2.25 MB signed in", async () => {
      const login = JSON.stringify({ account: "a@example.cn", password: "p".repeat(20_000) });
      const publicBody = await exchange(
        portOf(server),
        [chunkedHead("/api/auth/login"), chunk(login), "0\r\n\r\n"],
        1,
      );
      expect(publicBody.answers.map((a) => a.status)).toEqual([413]);
      expect(envelope(publicBody.answers[0]!.body).code).toBe("PAYLOAD_TOO_LARGE");

      const note = JSON.stringify({ title: "长", content: "长".repeat(900_000) });
      const signedIn = await exchange(
        portOf(server),
        [chunkedHead("/api/notes", `Authorization: Bearer ${token}\r\n`), chunk(note), "0\r\n\r\n"],
        1,
      );
      expect(signedIn.answers.map((a) => a.status)).toEqual([413]);
    });
  });
});

describe("connections (one server, no database work)", () => {
  // Only /api/health and refusals are asked for here: the app's pool is never used.
  const servers: Server[] = [];
  const start = async (env: Record<string, string>, patch: ConfigPatch = {}) => {
    const config = testConfig(env, patch);
    const logger = createLogger("silent");
    const app = createApp({ config, db: createPool({ max: 1 }, logger), logger });
    const server = await listen(app.fetch, 0, "127.0.0.1", config.http);
    servers.push(server);
    return portOf(server);
  };
  afterAll(() => Promise.all(servers.map(close)));

  it("slow headers and slow bodies get 408 and are closed after the configured timeouts; idle kept-alive connections close", async () => {
    const port = await start(
      { HTTP_KEEP_ALIVE_TIMEOUT: "300ms" },
      { http: { headersTimeoutMs: 300, requestTimeoutMs: 600 } },
    );
    const [slowHeaders, slowBody, idle] = await Promise.all([
      exchange(port, ["GET /api/health HTTP/1.1\r\nHost: t\r\n"], 1),
      exchange(port, [postHead("/api/auth/login", 100), "{"], 1),
      exchange(port, [healthRequest], 2),
    ]);
    for (const slow of [slowHeaders, slowBody]) {
      expect(slow.answers.map((a) => a.status)).toEqual([408]);
      expect(envelope(slow.answers[0]!.body)).toMatchObject({ success: false, code: "REQUEST_TIMEOUT" });
      expect(slow.ms).toBeLessThan(3000); // Node's defaults would have waited 60 s and 300 s
    }
    expect(idle.answers.map((a) => a.status)).toEqual([200]);
    expect(idle.closedByServer).toBe(true);
    expect(idle.ms).toBeLessThan(3000); // Node's default keeps it 5 s
  });

  it("caps open connections per client address: the extra one gets 429 while another address is served", async () => {
    const port = await start({ CONNECTIONS_PER_IP: "2" });
    const held = await Promise.all(
      [0, 1].map(
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect({ port, host: "127.0.0.1" }, () => resolve(socket));
          }),
      ),
    );
    const extra = await exchange(port, [healthRequest], 1);
    expect(extra.answers.map((a) => a.status)).toEqual([429]);
    expect(envelope(extra.answers[0]!.body)).toEqual({
      success: false,
      message: "来自你的网络的连接过多，请稍后再试",
      code: "RATE_LIMITED",
    });
    expect(extra.answers[0]!.headers["retry-after"]).toBe("5");

    const otherAddress = await exchange(port, [healthRequest], 1, "127.0.0.2");
    expect(otherAddress.answers.map((a) => a.status)).toEqual([200]);

    // a closed connection gives its place back
    held[0]!.destroy();
    let again = await exchange(port, [healthRequest], 1);
    for (let i = 0; again.answers[0]?.status === 429 && i < 20; i++) {
      await new Promise((r) => setTimeout(r, 25));
      again = await exchange(port, [healthRequest], 1);
    }
    expect(again.answers.map((a) => a.status)).toEqual([200]);
    held[1]!.destroy();
  });

  it("takes its limits from limits.ts and the environment, with the documented defaults, and refuses a bad one", () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 5_000,
      connectionsPerIp: 128,
      uploadMinBytesPerSecond: 4096,
      uploadRateWindowMs: 60_000,
      uploadMaxDurationMs: 3_600_000,
    });
    expect(loadConfig({ CONNECTIONS_PER_IP: "0" }).http).toMatchObject({ connectionsPerIp: 0 });
    // Node refuses a headers timeout longer than the request timeout, and 0 would turn the
    // slow-header defence off
    const { headersTimeoutMs, requestTimeoutMs } = LIMITS.http;
    expect(headersTimeoutMs).toBeGreaterThan(0);
    expect(headersTimeoutMs).toBeLessThanOrEqual(requestTimeoutMs);
    expect(() => loadConfig({ CONNECTIONS_PER_IP: "many" })).toThrow(/CONNECTIONS_PER_IP/);
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("64:ff9b::198.51.100.1")).toBe("64:ff9b:0:0::/64");
  });
});
