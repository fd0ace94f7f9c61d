import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { MiddlewareHandler } from "hono";

// An answer sent before the request body was read (413, 401, 404 …) leaves the rest of the body
// on the connection. Unread, the connection is reset after the answer, and a client that reuses
// it as the answer's keep-alive promised sees its next request fail. A small body is read and
// dropped first; a larger one (by its Content-Length) is never read: its answer goes out at once
// with `Connection: close`, closed cleanly — a stranger's large body costs us nothing to refuse.
const DRAIN_MAX_BYTES = 64 * 1024;
const DRAIN_MAX_MS = 2_000;
const LINGER_MS = 2_000;

/** Reads the rest of a body and drops it; false when it is larger or slower than the bounds. */
async function drain(body: ReadableStream<Uint8Array>): Promise<boolean> {
  const reader = body.getReader();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), DRAIN_MAX_MS);
  });
  try {
    for (let bytes = 0; bytes <= DRAIN_MAX_BYTES; ) {
      const chunk = await Promise.race([reader.read(), late]);
      if (chunk === "late") return false;
      if (chunk.done) return true;
      bytes += chunk.value.byteLength;
    }
    return false;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
}

/**
 * After `Connection: close` Node ends the socket and destroys it as soon as the answer is written;
 * input still arriving then makes the kernel reset the connection, and the client may lose the
 * answer. Like nginx's lingering close: send FIN, keep reading and dropping for a while, then close.
 */
function lingerOnClose(socket: Socket) {
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once("close", () => clearTimeout(timer));
    socket.once("end", () => socket.destroy());
    socket.resume();
  };
}

/** Outermost: keeps a kept-alive connection usable after an answer that did not read the body. */
export const earlyAnswer: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.complete) return;
  const body = c.req.raw.body;
  // A chunked body has no declared length: drain() counts what it reads against the same bound.
  const declared = Number(incoming.headers["content-length"] ?? 0);
  if (body && !body.locked && declared <= DRAIN_MAX_BYTES && (await drain(body))) return;
  c.res.headers.set("Connection", "close");
  lingerOnClose(incoming.socket);
};
