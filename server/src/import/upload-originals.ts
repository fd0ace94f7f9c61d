import type { IncomingMessage } from "node:http";

type Detachable = ArrayBuffer & { transfer(length: number): ArrayBuffer };

/** Requests whose pieces are being freed: one listener each. */
const freeing = new WeakSet<IncomingMessage>();

/**
 * For a handler reading a large upload through `Request.body`, once it holds the body's reader: frees
 * each piece the moment the body stream (Node's `Readable.toWeb`, which copies every piece) has copied
 * it, until the returned function is called; else the parser's originals wait for the main heap's next
 * collection and stay in the RSS. Does nothing before a stream reads the body (added first, it would
 * free pieces before they were copied), nor for `c.req.json()` and the like. Why, and how it was
 * measured: server/docs/internals.md, "Import"; docs/benchmarks-history.md, 导入数据 › session 13.
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
