import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { ConfigError, loadConfig } from "../../src/env.ts";
import { clientAddress, throttleKeyOf } from "../../src/http/client-address.ts";
import { createLogger } from "../../src/logger.ts";
import { listen } from "../../src/server.ts";
import { onOneDatabase, PASSWORD, request, type TestCtx, testConfig, uniqueAccount } from "../helpers.ts";

const trustOf = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;
const from = (trust: string | undefined, peer: string | undefined, forwardedFor?: string) =>
  clientAddress(peer, forwardedFor, trustOf(trust));

describe("TRUST_PROXY", () => {
  it("unset, empty, false, 0 and no trust no one: the socket's peer is the client", () => {
    for (const value of [undefined, "", "false", "0", "no", "FALSE"])
      expect(from(value, "127.0.0.1", "203.0.113.9")).toBe("127.0.0.1");
  });

  it("true trusts the nearest peer, whatever its address: its X-Forwarded-For entry names the client", () => {
    expect(from("true", "192.0.2.50", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
    expect(from("true", "192.0.2.50", undefined)).toBe("192.0.2.50");
  });

  it("takes a list of addresses and CIDRs, and walks X-Forwarded-For to the rightmost untrusted hop", () => {
    const trust = "192.0.2.50, 203.0.113.0/24 2001:db8:f::/48";
    // 6.6.6.6 is what the client wrote itself: never reached
    expect(from(trust, "192.0.2.50", "6.6.6.6, 198.51.100.7, 203.0.113.9")).toBe("198.51.100.7");
    expect(from(trust, "2001:db8:f:1::2", "6.6.6.6, 2001:db8:1:2::3")).toBe("2001:db8:1:2::3");
    // a peer we do not trust cannot name anyone
    expect(from(trust, "192.0.2.51", "198.51.100.7")).toBe("192.0.2.51");
    // every hop trusted: the leftmost is as far as anyone can tell
    expect(from(trust, "192.0.2.50", "203.0.113.1, 203.0.113.9")).toBe("203.0.113.1");
    // no socket at all (no peer to trust)
    expect(from(trust, undefined, "198.51.100.7")).toBe("unknown");
  });

  it("`loopback` is 127.0.0.0/8 and ::1, IPv4-mapped included", () => {
    for (const peer of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
      expect(from("loopback", peer, "198.51.100.7")).toBe("198.51.100.7");
    expect(from("loopback", "10.0.0.1", "198.51.100.7")).toBe("10.0.0.1");
  });

  it("reads hops written with ports, brackets or as IPv4-mapped, and keeps the socket's address as it is meant", () => {
    expect(from("loopback", "127.0.0.1", "198.51.100.7:8080")).toBe("198.51.100.7");
    expect(from("loopback", "127.0.0.1", "[2001:DB8::1]:4711")).toBe("2001:db8::1");
    expect(from("false", "::ffff:198.51.100.7")).toBe("198.51.100.7");
  });

  it("stops the server with a message naming TRUST_PROXY for anything else", () => {
    for (const bad of [
      "10.0.0.300",
      "10.0.0.0/33",
      "2001:db8::/129",
      "10.0.0.0/8/1",
      "10.0.0.0/",
      "proxy.local",
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("the throttles' client key", () => {
  it("is an IPv4 address itself, and an IPv6 address's /64 however it is written", () => {
    expect(throttleKeyOf("198.51.100.7")).toBe("198.51.100.7");
    expect(throttleKeyOf("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(throttleKeyOf("2001:db8:1:2::ffff")).toBe("2001:db8:1:2::/64");
    expect(throttleKeyOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(throttleKeyOf("2001:0db8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(throttleKeyOf("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(throttleKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(throttleKeyOf("unknown")).toBe("unknown");
  });
});

onOneDatabase((ctx) => {
  const inSubnet = (subnet: string) => {
    let n = 0;
    return () => `${subnet}:${(++n).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;
  };

  it("counts IPv6 clients by their /64: 20 failures from one /64's addresses hold back its every address", async () => {
    const next = inSubnet("2001:db8:aa:b1");
    for (let i = 0; i < 20; i++) {
      const r = await request(ctx, "login", {
        ip: next(),
        body: { account: uniqueAccount(), password: "wrong-pass" },
      });
      expect(r.status).toBe(401);
    }
    const refused = await request(ctx, "login", {
      ip: next(),
      body: { account: uniqueAccount(), password: "wrong-pass" },
    });
    expect(refused.status).toBe(429);
    const neighbour = await request(ctx, "login", {
      ip: "2001:db8:aa:b2::1",
      body: { account: uniqueAccount(), password: "wrong-pass" },
    });
    expect(neighbour.status).toBe(401);
  });

  it("throttles registration per client, an IPv6 one by its /64, and a taken account still answers 409", async () => {
    const limited: TestCtx = {
      ...ctx,
      app: createApp({
        config: testConfig({ REGISTER_PER_IP_PER_HOUR: "2" }),
        db: ctx.db,
        logger: createLogger("silent"),
      }),
    };
    const next = inSubnet("2001:db8:cc:d1");
    const register = (account: string, ip = next()) =>
      request(limited, "register", { ip, body: { account, password: PASSWORD, agreeTerms: true } });
    const account = uniqueAccount();
    expect((await register(account)).status).toBe(201);
    const taken = await register(account);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("该账号无法注册，请直接登录或换一个账号");
    expect((await register(uniqueAccount())).status).toBe(429);
    expect((await register(uniqueAccount(), "2001:db8:cc:d2::1")).status).toBe(201);
  });

  describe("over real sockets", () => {
    /** A real HTTP server with this TRUST_PROXY; registers once and reads the session list's address. */
    const seenAs = async (trust: string, host: string, forwardedFor: string) => {
      const config = testConfig({ TRUST_PROXY: trust });
      const server: Server = await listen(
        createApp({ config, db: ctx.db, logger: createLogger("silent") }).fetch,
        0,
        host,
        config.http,
      );
      try {
        const { port } = server.address() as AddressInfo;
        const base = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
        const headers = { "content-type": "application/json", "x-forwarded-for": forwardedFor };
        const registered = await fetch(`${base}/api/auth/register`, {
          method: "POST",
          headers,
          body: JSON.stringify({ account: uniqueAccount(), password: PASSWORD, agreeTerms: true }),
        });
        expect(registered.status).toBe(201);
        const { data } = (await registered.json()) as { data: { token: string } };
        const sessions = await fetch(`${base}/api/auth/sessions`, {
          headers: { authorization: `Bearer ${data.token}` },
        });
        const list = (await sessions.json()) as { data: { items: { ip: string }[] } };
        return list.data.items[0]!.ip;
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    };

    it("loopback trusts the local proxy on 127.0.0.1 and on ::1", async () => {
      expect(await seenAs("loopback", "127.0.0.1", "6.6.6.6, 198.51.100.7")).toBe("198.51.100.7");
      expect(await seenAs("loopback", "::1", "6.6.6.6, 2001:db8:5::7")).toBe("2001:db8:5::7");
    });

    it("a list that leaves the peer out ignores X-Forwarded-For", async () => {
      expect(await seenAs("192.0.2.50, 203.0.113.0/24", "127.0.0.1", "198.51.100.7")).toBe("127.0.0.1");
    });
  });
});
