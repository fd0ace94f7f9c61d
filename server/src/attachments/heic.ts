import type { Piscina } from "piscina";
import type { HeicPixels } from "./heic-worker.ts";

/**
 * HEIC/HEIF (iPhone photos): sharp's prebuilt libvips cannot decode it, so libheif compiled to
 * WebAssembly (heic-decode) does, in a worker thread: decoding a 12-megapixel photo takes a
 * second or more of CPU, which on the event loop every other request would wait behind.
 */

/** iPhones since the 14 Pro take 48-megapixel HEIF (8064 × 6048); RGBA pixels of that are ~195 MB. */
export const HEIC_MAX_PIXELS = 50_000_000;
/** Waiting conversions beyond the one running; past it an upload answers 503 rather than queueing. */
const MAX_QUEUE = 4;

// The bundle (server/dist) holds heic-worker.js beside this chunk; from source it is the .ts.
const workerFile = new URL(
  import.meta.url.endsWith(".ts") ? "./heic-worker.ts" : "./heic-worker.js",
  import.meta.url,
);

let pool: Piscina | null = null;
let starting: Promise<Piscina> | null = null;

// One thread, started on first use and ended when idle: the WebAssembly heap grows to the largest
// photo decoded and never shrinks, so an idle server should not keep it. piscina itself is loaded
// then too: an import's thread imports this module with the image code, and rarely needs it.
const thread = () =>
  (starting ??= import("piscina").then(
    ({ Piscina }) =>
      (pool = new Piscina({
        filename: workerFile.href,
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: 10_000,
        maxQueue: MAX_QUEUE,
      })),
    (err: unknown) => {
      starting = null; // tried again by the next photo
      throw err;
    },
  ));

export class HeicBusyError extends Error {}

/** The pixels of a HEIC/HEIF file's first image, decoded off the event loop. */
export async function decodeHeicOffLoop(bytes: Buffer): Promise<HeicPixels> {
  const running = await thread();
  if (running.queueSize >= MAX_QUEUE) throw new HeicBusyError();
  // a copy of its own, moved to the thread: the caller keeps its buffer
  const input = new Uint8Array(bytes);
  return (await running.run(
    { bytes: input, maxPixels: HEIC_MAX_PIXELS },
    { transferList: [input.buffer] },
  )) as HeicPixels;
}

/** How many HEIC files the thread has decoded so far. */
export const heicDecoded = () => pool?.completed ?? 0;

/** Shutdown: the thread ends with the server. */
export async function closeHeicPool() {
  const closing = starting;
  starting = null;
  pool = null;
  await closing?.then(
    (running) => running.close(),
    () => undefined, // it never started
  );
}
