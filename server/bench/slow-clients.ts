/**
 * npm run bench -- server slow-clients — slow and hostile connections (issue 14, finding 3).
 * 300 slow-body and 500 slow-header connections, kept up for BENCH_SLOW_SECONDS (default 60; a
 * connection the server closes or refuses is opened again, at most BENCH_SLOW_REOPEN_RATE a second
 * for all of them, default 200 — four times slowhttptest's default), while a client from its own address
 * (127.0.0.2) asks GET /api/health every 50 ms. Twice: all attackers from one address (the
 * per-address cap answers most of them), then spread over 40 addresses of 127.0.0.0/8 (20 each,
 * under the cap: only the timeouts bound them). Prints health p50/p99 and the server's RSS growth
 * beside the targets. Not a test: nothing here asserts.
 */

import { chmod, mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { json, mb, ms, PORT, pct, rssKb, startServer, stopServer } from "./lib.ts";

const SECONDS = Number(process.env.BENCH_SLOW_SECONDS ?? 60);
const SLOW_BODY = 300;
const SLOW_HEADER = 500;
const DRIP_MS = 5_000; // one byte per connection every 5 s: slower than any timeout would allow
const REOPEN_RATE = Number(process.env.BENCH_SLOW_REOPEN_RATE ?? 200);
const TARGET_P99_MS = 100;
const TARGET_RSS_MB = 64;

type Outcome = "answered 429" | "answered 408" | "answered other" | "closed unanswered";

/** Attackers whose connection ended wait here to open another, REOPEN_RATE a second in all. */
function reopenQueue() {
  const waiting: (() => void)[] = [];
  const timer = setInterval(() => {
    for (const reopen of waiting.splice(0, Math.max(1, Math.round(REOPEN_RATE / 20)))) reopen();
  }, 50);
  return { push: (reopen: () => void) => waiting.push(reopen), stop: () => clearInterval(timer) };
}

/** One attacker: keeps one slow connection open, and opens another whenever it is closed. */
function attacker(
  localAddress: string,
  request: string,
  drip: string,
  stats: Map<Outcome, number>,
  reopen: ReturnType<typeof reopenQueue>,
) {
  let running = true;
  let socket: net.Socket | null = null;
  let opened = 0;
  const connect = () => {
    if (!running) return;
    opened++;
    let answer = "";
    const s = net.connect({ port: PORT, host: "127.0.0.1", localAddress });
    socket = s;
    let timer: NodeJS.Timeout | undefined;
    s.on("connect", () => {
      s.write(request);
      timer = setInterval(() => s.write(drip), DRIP_MS);
    });
    s.on("data", (d) => {
      if (!answer) answer = d.subarray(0, 12).toString("latin1");
    });
    s.on("error", () => undefined);
    s.on("close", () => {
      clearInterval(timer);
      const status = answer.slice(9, 12);
      const outcome: Outcome =
        status === "429"
          ? "answered 429"
          : status === "408"
            ? "answered 408"
            : status
              ? "answered other"
              : "closed unanswered";
      if (!running) return;
      stats.set(outcome, (stats.get(outcome) ?? 0) + 1);
      reopen.push(connect);
    });
  };
  connect();
  return {
    opened: () => opened,
    isOpen: () => socket !== null && !socket.destroyed,
    stop: () => {
      running = false;
      socket?.destroy();
    },
  };
}

/** GET /api/health every 50 ms from 127.0.0.2 on one kept-alive connection; latencies in ms. */
function measureHealth(seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get(
        { host: "127.0.0.1", port: PORT, path: "/api/health", agent, localAddress: "127.0.0.2" },
        (res) => {
          res.resume();
          res.on("end", () => {
            if (res.statusCode === 200) latencies.push(performance.now() - started);
            else errors++;
            resolve();
          });
        },
      );
      req.setTimeout(5_000, () => req.destroy(new Error("timeout")));
      req.on("error", () => {
        errors++;
        resolve();
      });
    });
  return (async () => {
    const end = performance.now() + seconds * 1000;
    let next = performance.now();
    while (performance.now() < end) {
      await one();
      next += 50;
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
    agent.destroy();
    return { latencies, errors };
  })();
}

async function scenario(label: string, addresses: string[], dataDir: string, line: (s?: string) => void) {
  // a fresh server per scenario, so that one's garbage is not the next one's baseline
  const server = await startServer(dataDir);
  const pid = server.proc.pid!;
  const registered = await json("POST", "/api/auth/register", undefined, {
    account: `bench-slow-${addresses.length}@example.cn`,
    password: "bench-password",
    agreeTerms: true,
  });
  const token = registered.body.data.token as string;
  const stats = new Map<Outcome, number>();
  const reopen = reopenQueue();
  const slowBody = (i: number) =>
    i % 2 === 0
      ? `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{`
      : `POST /api/notes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\n\r\n{`;
  const slowHeader = "GET /api/health HTTP/1.1\r\nHost: x\r\n";
  await new Promise((r) => setTimeout(r, 1000));
  const before = await rssKb(pid);
  let peak = before;
  const attackers = [
    ...Array.from({ length: SLOW_BODY }, (_, i) =>
      attacker(addresses[i % addresses.length]!, slowBody(i), " ", stats, reopen),
    ),
    ...Array.from({ length: SLOW_HEADER }, (_, i) =>
      attacker(addresses[(SLOW_BODY + i) % addresses.length]!, slowHeader, "x", stats, reopen),
    ),
  ];
  const poller = setInterval(async () => {
    peak = Math.max(peak, await rssKb(pid));
  }, 250);
  const health = await measureHealth(SECONDS);
  clearInterval(poller);
  const openAtEnd = attackers.filter((a) => a.isOpen()).length;
  const opened = attackers.reduce((n, a) => n + a.opened(), 0);
  for (const a of attackers) a.stop();
  reopen.stop();
  const p50 = pct(health.latencies, 50);
  const p99 = pct(health.latencies, 99);
  const growthMb = (peak - before) / 1024;
  line(`### ${label}`);
  line();
  line("| measure | figure | target |");
  line("| --- | --- | --- |");
  line(
    `| GET /api/health from 127.0.0.2, every 50 ms, ${SECONDS} s | p50 ${ms(p50)}, p99 ${ms(p99)} (${health.latencies.length} answers, ${health.errors} errors) | p99 ≤ ${TARGET_P99_MS} ms ${p99 <= TARGET_P99_MS ? "✓" : "✗"} |`,
  );
  line(
    `| server RSS: before → peak | ${mb(before)} → ${mb(peak)} (+${growthMb.toFixed(1)} MB) | growth ≤ ${TARGET_RSS_MB} MB ${growthMb <= TARGET_RSS_MB ? "✓" : "✗"} |`,
  );
  line(
    `| attacker connections opened / open at the end | ${opened} / ${openAtEnd} of ${SLOW_BODY + SLOW_HEADER} | |`,
  );
  const outcomes = [...stats].map(([k, v]) => `${k} ${v}`).join(", ");
  line(`| attacker connections ended by the server | ${outcomes || "none"} | |`);
  line();
  await stopServer(server.proc);
}

export async function slowClients() {
  const out: string[] = [];
  const line = (s = "") => {
    out.push(s);
    console.log(s);
  };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "shinian-bench-slow-"));
  await chmod(dataDir, 0o755);
  line(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}; ${SLOW_BODY} slow-body + ${SLOW_HEADER} slow-header connections, one byte each every ${DRIP_MS / 1000} s, reopened at most ${REOPEN_RATE}/s, ${SECONDS} s per scenario; server defaults (HTTP_HEADERS_TIMEOUT 20s, HTTP_REQUEST_TIMEOUT 60s, CONNECTIONS_PER_IP 128)`,
  );
  line();
  await scenario("All attackers from one address (127.0.0.1)", ["127.0.0.1"], dataDir, line);
  const spread = Array.from({ length: 40 }, (_, i) => `127.0.0.${10 + i}`);
  await scenario("Attackers spread over 40 addresses (127.0.0.10–49, 20 each)", spread, dataDir, line);
  await rm(dataDir, { recursive: true, force: true });
  return out;
}
