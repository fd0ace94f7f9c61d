import os from "node:os";
import { noteVector } from "./text-index.ts";

// Linux gives each thread its own nice value: this thread, and only it, yields the CPU to the
// event loop (every account's requests) and to PostgreSQL when the machine is busy. Elsewhere
// the same call would lower the whole server, so it is left alone there.
if (process.platform === "linux") os.setPriority(10);

/** Runs in a worker thread (text-index-pool.ts): a long note's search words, off the event loop. */
export default function noteVectorInWorker(note: { title: string; content: string; tags: string[] }): string {
  return noteVector(note);
}
