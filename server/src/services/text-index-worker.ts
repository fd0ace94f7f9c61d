import { noteVector } from "./text-index.ts";

/** Runs in a worker thread (text-index-pool.ts): a long note's search words, off the event loop. */
export default function noteVectorInWorker(note: { title: string; content: string; tags: string[] }): string {
  return noteVector(note);
}
