import { SIGNED_IN_BODY_BYTES } from "@shinian/contract/constants";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { ApiError } from "../errors.ts";

/** Login and registration: an account, a password and a flag fit in far less. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;
export const SIGNED_IN_BODY_LIMIT = SIGNED_IN_BODY_BYTES;

const tooLarge = () => new ApiError("PAYLOAD_TOO_LARGE");

/** Passes bytes through until more than `maxBytes` went by, then fails the body with a 413. */
function countingLimit(maxBytes: number) {
  let seen = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) controller.error(tooLarge());
      else controller.enqueue(chunk);
    },
  });
}

/**
 * Bounds a request body without reading it here. A declared Content-Length over the bound is a
 * 413 at once, the body unread (early-answer closes the connection rather than read it). A body
 * without a length (chunked) is counted as the handler reads it, and reading fails with the 413
 * as soon as it passes the bound: nothing is buffered ahead of the handler, so a guard mounted
 * before it answers first.
 */
export function limitBody(boundOf: (c: Context<AppEnv>) => number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const maxBytes = boundOf(c);
    const raw = c.req.raw;
    if (!raw.body) return next();
    const declared = raw.headers.get("content-length");
    if (declared !== null && !raw.headers.has("transfer-encoding")) {
      if (Number(declared) > maxBytes) throw tooLarge();
      return next(); // Node's parser holds the body to its declared length
    }
    c.req.raw = new Request(raw, {
      body: raw.body.pipeThrough(countingLimit(maxBytes)),
      duplex: "half",
    } as RequestInit);
    return next();
  };
}
