import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export type Received = { headers: IncomingHttpHeaders; body: string; at: number };

/**
 * A webhook endpoint on 127.0.0.1, as a person's script would run one: it answers with the
 * statuses scripted (then 200), keeps every request, and verifies with the standardwebhooks
 * package, keeping the ids it has seen so that a replay is told apart.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      res.statusCode = statuses.shift() ?? 200;
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const seen = new Set<string>();
  return {
    url,
    received,
    /** The next answers, in order (then 200 each time). */
    answer: (...codes: number[]) => statuses.push(...codes),
    /** Waits until `n` requests came in (or fails after `ms`). */
    async waitFor(n: number, ms = 5_000) {
      const until = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} deliveries, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return received;
    },
    /** Webhook.verify, then the replay check a receiver does with the ids it kept. */
    verify(secret: string, r: Pick<Received, "headers" | "body">) {
      const payload = new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
      const id = String(r.headers["webhook-id"]);
      const replay = seen.has(id);
      seen.add(id);
      return {
        payload: payload as { type: string; timestamp: string; data: Record<string, unknown> },
        replay,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
