import type { IncomingMessage } from "node:http";

type Detachable = ArrayBuffer & { transfer(length: number): ArrayBuffer };

/** Requests whose pieces are being freed: one listener each. */
const freeing = new WeakSet<IncomingMessage>();

/**
 * For a handler reading a large upload through `Request.body`, once it holds the body's reader:
 * frees each piece of the body the moment the body stream has copied it, until the returned
 * function is called (when the reading ends). Why: @hono/node-server makes `Request.body` with
 * Node's `Readable.toWeb`, whose 'data' listener copies every Buffer the HTTP parser hands it ("to
 * detach it from the pool", node lib/internal/webstreams/adapters.js; pinned by
 * test/upload-originals.test.ts). The parser's Buffer is then garbage that waits for the main
 * heap's next collection, and passing an upload on allocates too little to bring one: a 10 MB
 * upload held ~10 MB of them, and the process's RSS kept them (the 拾念 import, docs/benchmarks.md).
 * A detached ArrayBuffer's memory goes at once, to be reused by the next read.
 *
 * Listeners run in the order they were added, so this one sees a piece after toWeb copied it.
 * Without a listener already there (no stream reads the body yet) it does nothing: added first, it
 * would free pieces before they were copied. Not for a body read any other way (`c.req.json()`
 * and the like keep the parser's pieces).
 */
export function freeUploadOriginals(incoming: IncomingMessage | undefined): () => void {
  if (!incoming || incoming.listenerCount("data") === 0 || freeing.has(incoming)) return () => {};
  freeing.add(incoming);
  const free = (piece: unknown) => {
    // a piece of its own (not a view into a buffer something else may still read), not yet freed
    if (
      Buffer.isBuffer(piece) &&
      piece.byteLength > 0 &&
      piece.byteOffset === 0 &&
      piece.byteLength === piece.buffer.byteLength
    ) {
      try {
        (piece.buffer as Detachable).transfer(0);
      } catch {
        // not detachable after all: the collector frees it, as before
      }
    }
  };
  incoming.on("data", free);
  return () => {
    incoming.off("data", free);
    freeing.delete(incoming);
  };
}
