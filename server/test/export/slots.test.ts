import net from "node:net";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { loadConfig } from "../../src/env.ts";
import { EXPORT_APPLICATION_NAME } from "../../src/export/lifecycle.ts";
import { createLogger } from "../../src/logger.ts";
import { onOneDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";
import { listening } from "../listening.ts";
import { withBigData } from "./big-export-data.ts";

const exportRequest = (token: string) =>
  `POST /api/export HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;

/**
 * An export over a real connection whose client stops reading once the answer's head is in.
 * `resume()` reads on until the server closes the connection or the chunked body ends.
 */
function stalledExport(port: number, token: string) {
  return new Promise<{ status: number; resume(): Promise<{ body: Buffer; complete: boolean }> }>(
    (resolve) => {
      const socket = net.connect({ port, host: "127.0.0.1" });
      let received = Buffer.alloc(0);
      let headEnd = -1;
      const ended = new Promise<void>((done) => socket.once("close", () => done()));
      socket.on("error", () => undefined);
      socket.on("data", (d) => {
        received = Buffer.concat([received, d]);
        if (received.subarray(-7).toString() === "\r\n0\r\n\r\n") socket.destroy();
        if (headEnd >= 0) return;
        headEnd = received.indexOf("\r\n\r\n");
        if (headEnd < 0) return;
        socket.pause();
        resolve({
          status: Number(received.subarray(9, 12).toString()),
          resume: async () => {
            socket.resume();
            await ended;
            const body = dechunk(received.subarray(headEnd + 4));
            return { body: body.bytes, complete: body.complete };
          },
        });
      });
      socket.write(exportRequest(token));
    },
  );
}

function dechunk(raw: Buffer): { bytes: Buffer; complete: boolean } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf("\r\n", at);
    if (lineEnd < 0) return { bytes: Buffer.concat(parts), complete: false };
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString(), 16);
    if (size === 0) return { bytes: Buffer.concat(parts), complete: true };
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

async function until(check: () => Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

const exportBackends = async (ctx: TestCtx) =>
  (
    await ctx.db.query(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1",
      [EXPORT_APPLICATION_NAME],
    )
  ).rowCount;

const canExport = async (ctx: TestCtx, u: TestUser) =>
  (await request(ctx, "exportPermission", { token: u.token })).body.data.canExport;

const startExport = (ctx: TestCtx, u: TestUser) =>
  ctx.app.request("/api/export", { method: "POST", headers: { authorization: `Bearer ${u.token}` } });

it("takes the stall time and the maximum duration from limits.ts: 30 s and 10 min", () => {
  expect(loadConfig({})).toMatchObject({ exportStallTimeoutMs: 30_000, exportMaxDurationMs: 600_000 });
});

onOneDatabase(
  (ctx) => {
    describe("a client that stops reading", () => {
      const tcp = listening(ctx);

      it("is cut off after the stall time: connection closed, snapshot rolled back, slot free, cooldown given back", async () => {
        const bigUser = async () => withBigData(ctx, await registerUser(ctx));
        const [a, b] = (await Promise.all([bigUser(), bigUser()])) as [TestUser, TestUser];
        const c = await registerUser(ctx);
        const [stalledA, stalledB] = [
          await stalledExport(tcp.port, a.token),
          await stalledExport(tcp.port, b.token),
        ];
        expect([stalledA.status, stalledB.status]).toEqual([200, 200]);
        expect((await request(ctx, "exportData", { token: c.token, body: {} })).status).toBe(503);
        expect(await canExport(ctx, a)).toBe(false);

        await until(async () => (await canExport(ctx, a)) && (await canExport(ctx, b)));
        expect(await exportBackends(ctx)).toBe(0);
        const cut = await stalledA.resume();
        expect(cut.complete).toBe(false);
        expect(cut.body.length).toBeLessThan(5 * 1024 * 1024);

        // the slots are free for others, and the cut-off user may export again at once
        const forC = await startExport(ctx, c);
        expect(forC.status).toBe(200);
        expect(Object.keys(unzipSync(new Uint8Array(await forC.arrayBuffer())))).toContain("data.json");
        const again = await startExport(ctx, a);
        expect(again.status).toBe(200);
        await again.body!.cancel();
        await stalledB.resume();
      });

      it("is not cut off by the request timeout while it still reads: an answer streams as long as it needs", async () => {
        const u = await withBigData(ctx, await registerUser(ctx));
        const slow = await stalledExport(tcp.port, u.token);
        await new Promise((r) => setTimeout(r, 400)); // 4 × HTTP_REQUEST_TIMEOUT, under the stall time
        const { body, complete } = await slow.resume();
        expect(complete).toBe(true);
        expect(Object.keys(unzipSync(new Uint8Array(body)))).toContain("avatar.png");
      });
    });
  },
  {},
  { exportStallTimeoutMs: 1000, http: { headersTimeoutMs: 100, requestTimeoutMs: 100 } },
);

onOneDatabase(
  (ctx) => {
    it("an export that runs past its maximum duration is cut off, keeps its cooldown and frees its slot", async () => {
      const u = await withBigData(ctx, await registerUser(ctx));
      const res = await startExport(ctx, u);
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const slowly = async () => {
        // 64 KB a read, one read every 50 ms: about 5 s for the whole export, never stalled
        for (;;) {
          const { done } = await reader.read();
          if (done) return "finished";
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      await expect(slowly()).rejects.toThrow(/maximum duration/);
      await until(async () => (await exportBackends(ctx)) === 0);
      expect(await canExport(ctx, u)).toBe(false);
      const other = await registerUser(ctx);
      expect((await request(ctx, "exportData", { token: other.token, body: {} })).status).toBe(200);
    });
  },
  {},
  { exportMaxDurationMs: 300 },
);

onOneDatabase((ctx) => {
  it("a download cancelled while the next piece is being read ends quietly: no failure logged, the snapshot freed", async () => {
    const logs: string[] = [];
    const logger = createLogger("info", {}, (line) => logs.push(line));
    const app = createApp({ config: ctx.config, db: ctx.db, logger });
    const u = await registerUser(ctx);
    const res = await app.request("/api/export", {
      method: "POST",
      headers: { authorization: `Bearer ${u.token}` },
    });
    const reader = res.body!.getReader();
    await reader.read(); // README.txt; the stream at once asks for the next piece, from the database
    await reader.cancel();
    await until(async () => (await exportBackends(ctx)) === 0);
    await until(async () => logs.some((l) => l.includes("export cancelled by the client")));
    await new Promise((r) => setTimeout(r, 100)); // the read in flight returns meanwhile
    expect(logs.filter((l) => l.includes('"level":"error"'))).toEqual([]);
  });
});
