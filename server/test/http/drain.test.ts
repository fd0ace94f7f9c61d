import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { trackForDrain } from "../../src/http/drain.ts";
import { exchange } from "../raw-http.ts";

const request = "GET / HTTP/1.1\r\nHost: t\r\n\r\n";

it("a stopping server answers a request still arriving on a kept-alive connection (Connection: close), and closes idle ones only after quietMs", async () => {
  const server = http.createServer((_req, res) => res.end("ok"));
  const drain = trackForDrain(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // a proxy's connection that stays idle through the drain, opened before it
  const idle = exchange(port, [request], 2);
  // the stop begins after the first answer: the second request is written on the same connection
  // just as it does (http.Server.close() would have closed the idle connection under it)
  const draining = new Promise<void>((resolve) =>
    setTimeout(() => resolve(drain({ quietMs: 600, graceMs: 5000 })), 150),
  );
  const reused = await exchange(port, [request, 150, request], 2);
  expect(reused.answers.map((a) => [a.status, a.headers.connection])).toEqual([
    [200, "keep-alive"],
    [200, "close"],
  ]);
  const started = performance.now();
  await draining;
  // the idle connection was left open until it had been quiet for quietMs
  const idleEnd = await idle;
  expect(idleEnd.closedByServer).toBe(true);
  expect(idleEnd.ms).toBeGreaterThanOrEqual(600);
  expect(performance.now() - started).toBeLessThan(5000);
  const refused = await new Promise((resolve) =>
    net.connect(port, "127.0.0.1").on("error", (e: NodeJS.ErrnoException) => resolve(e.code)),
  );
  expect(refused).toBe("ECONNREFUSED");
});
