import os from "node:os";
import { type IndexedRow, noteVector, rowVector } from "./words.ts";

// Linux gives each thread its own nice value: this thread, and only it, yields the CPU to the
// event loop (every account's requests) and to PostgreSQL when the machine is busy. Elsewhere
// the same call would lower the whole server, so it is left alone there.
if (process.platform === "linux") os.setPriority(10);

/** Runs in a worker thread (words-pool.ts): a long note's search words, off the event loop. */
export default function noteVectorInWorker(note: {
  title: string;
  content: string;
  tags: string[];
}): Promise<string> {
  return noteVector(note);
}

/** Stored rows whose search words are out of date (search/reindex.ts), rebuilt here. */
export function rowVectorsInWorker(rows: IndexedRow[]): Promise<string[]> {
  return Promise.all(rows.map(rowVector));
}
