import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freeUploadOriginals } from "../../src/import/upload-originals.ts";

type Env = { Bindings: { incoming: IncomingMessage } };
type Seen = { sha256: string; bytes: number; pieces: number; freed: number };

/** @hono/node-server starts Node's toWeb on the body stream's first pull, a tick after it is made. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Reads the request's body through `Request.body` as the import's route does, counting the pieces
 * Node's HTTP parser handed over and how many of them were freed (a detached buffer is empty).
 * `bodyFirst`: freeUploadOriginals is called once the body stream reads the request (as in the
 * import's route, whose body limitBody opened), or before anything does.
 */
function reading(bodyFirst: boolean) {
  return async (c: { env: Env["Bindings"]; req: { raw: Request } }) => {
    const { incoming } = c.env;
    let stop = bodyFirst ? () => {} : freeUploadOriginals(incoming);
    const reader = c.req.raw.body!.getReader();
    await tick();
    if (bodyFirst) {
      stop = freeUploadOriginals(incoming);
      freeUploadOriginals(incoming); // a second call adds nothing (a piece freed twice would throw)
    }
    let pieces = 0;
    let freed = 0;
    // added after toWeb's listener (one added before it would start the flow and lose pieces) and
    // last, so it sees each piece after the others have run
    if (incoming.listenerCount("data") === 0) throw new Error("the body stream does not read yet");
    incoming.on("data", (piece: Buffer) => {
      pieces++;
      if (piece.buffer.byteLength === 0) freed++;
    });
    const hash = createHash("sha256");
    let bytes = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      hash.update(value);
      bytes += value.byteLength;
    }
    stop();
    return Response.json({ sha256: hash.digest("hex"), bytes, pieces, freed } satisfies Seen);
  };
}

let server: Server;
let base = "";
beforeAll(async () => {
  const app = new Hono<Env>();
  app.post("/body-first", reading(true));
  app.post("/body-later", reading(false));
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s as Server));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const upload = randomBytes(4 * 1024 * 1024);
const uploadSha = createHash("sha256").update(upload).digest("hex");
const send = async (path: string) =>
  (await (await fetch(base + path, { method: "POST", body: upload })).json()) as Seen;

it("frees each piece of an upload once the body stream has copied it, and every byte arrives", async () => {
  const seen = await send("/body-first");
  expect(seen.bytes).toBe(upload.length);
  expect(seen.sha256).toBe(uploadSha);
  // a 4 MB body comes in many pieces (up to 64 kB a read); those emitted after the call are freed
  expect(seen.pieces).toBeGreaterThan(8);
  expect(seen.freed).toBe(seen.pieces);
});

it("does nothing when no stream reads the body yet: freed first, a piece would be lost", async () => {
  const seen = await send("/body-later");
  expect(seen.sha256).toBe(uploadSha);
  expect(seen.pieces).toBeGreaterThan(8);
  expect(seen.freed).toBe(0);
});
