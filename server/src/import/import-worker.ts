/**
 * Runs in a worker thread started by import-thread.ts: one upload with its preview, or one job,
 * with a pool of its own; log lines go to the server's logger, the answer to the thread that
 * started it.
 */

import { Readable } from "node:stream";
import { parentPort, workerData } from "node:worker_threads";
import type { ClientBase } from "pg";
import { beforeSharpLoads } from "../attachments/image.ts";
import { createPool } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { type Logger, redact } from "../logger.ts";
import { literalOf } from "../search/literal.ts";
import type { ThreadMessage, ToThread, WordsAnswer, WorkerData } from "./import-thread.ts";
import { previewUpload, runImport } from "./jobs.ts";
import type { SearchFields } from "./search-words.ts";

const data = workerData as WorkerData;
const port = parentPort!;
const send = (m: ThreadMessage) => port.postMessage(m);

// errors in log fields become plain objects (redact's form), which a message can carry
const logAt =
  (level: "debug" | "info" | "warn" | "error") => (msg: string, fields?: Record<string, unknown>) =>
    send({ log: level, msg, fields: redact(fields) as Record<string, unknown> | undefined });
const logger: Logger = {
  debug: logAt("debug"),
  info: logAt("info"),
  warn: logAt("warn"),
  error: logAt("error"),
  child: () => logger,
};

/**
 * The request's bytes as the main thread hands them over. A chunk is acknowledged once the
 * parser asks for more, so that no more than a few wait in either thread.
 */
let unacknowledged = 0;
const acknowledge = () => {
  for (; unacknowledged > 0; unacknowledged--) send({ ack: true });
};
const body = new Readable({ read: acknowledge });

/**
 * Search words: the main thread folds the texts and makes the pinyin words (search-words.ts), so
 * that this thread never loads pinyin-pro and opencc-js; this thread segments them. A batch is
 * asked in parts of at most this many characters: what the main thread holds of it at a time.
 */
const WORDS_PART_CHARS = 64_000;
const waitingWords = new Map<number, (answer: WordsAnswer["words"]) => void>();
let lastWordsId = 0;

function askWords(items: SearchFields[]): Promise<string[]> {
  const id = ++lastWordsId;
  return new Promise<WordsAnswer["words"]>((resolve) => {
    waitingWords.set(id, resolve);
    send({ words: { id, items } });
  }).then((answer) => {
    waitingWords.delete(id);
    if ("error" in answer) throw new Error(`search words: ${answer.error}`);
    return answer.parts.map((part) => (typeof part === "string" ? part : literalOf(part)));
  });
}

async function searchWords(items: SearchFields[]): Promise<string[]> {
  const out: string[] = [];
  for (let from = 0; from < items.length; ) {
    let to = from;
    let chars = 0;
    for (; to < items.length && (to === from || chars < WORDS_PART_CHARS); to++) {
      const f = items[to]!;
      chars += f.title.length + f.content.length + (f.originalContent?.length ?? 0);
    }
    out.push(...(await askWords(items.slice(from, to))));
    from = to;
  }
  return out;
}

// An import with images loads sharp, after the main thread has (image.ts: beforeSharpLoads)
let sharpLoaded: (() => void) | null = null;
beforeSharpLoads(
  () =>
    new Promise<void>((resolve) => {
      sharpLoaded = resolve;
      send({ loadSharp: true });
    }),
);

port.on("message", (m: ToThread) => {
  if (m === "sharpLoaded") sharpLoaded?.();
  else if (typeof m === "object" && "words" in m) waitingWords.get(m.words.id)?.(m.words);
  else if (m === "end" || m === "abort") {
    if (m === "end") body.push(null);
    else body.destroy(new Error("the request ended before its body"));
  } else {
    unacknowledged++;
    if (body.push(Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength))) acknowledge();
  }
});

// One connection is all a preview or a job uses at a time. A transaction left open (a batch
// stuck between its queries) ends with the batch's budget; the server notices within a second
// when this thread was ended mid-query, so the job's rows are free for its rollback. Set on each
// new connection, not as startup options, which a DATABASE_URL's own `?options=` would replace.
const settings = `SET idle_in_transaction_session_timeout = ${Math.floor(data.config.import.batchMs)}; SET client_connection_check_interval = 1000`;
// awaited before the connection is handed out; a connection without them is not used
const onConnect = async (client: ClientBase) => {
  await client.query(settings);
};
const db = createPool({ ...data.connection, max: 2, onConnect }, logger);
const deps = {
  db,
  logger,
  config: data.config,
  searchWords,
  onBatch: () => send({ batch: true }),
  onSkipping: () => send({ skipping: true }),
};

try {
  if (data.task === "upload") {
    // busboy only where an upload arrives, not in a job's thread
    const { receiveUpload } = await import("./upload.ts");
    const parts = await receiveUpload(db, data.jobId, data.contentType, body, data.maxBytes);
    send({ previewed: { parts, ...(await previewUpload(deps, data.userId, data.jobId, parts)) } });
  } else {
    await runImport(deps, data.job, data.owner);
  }
} catch (err) {
  if (err instanceof ApiError) {
    send({ refusal: { code: err.code, message: err.message, extra: err.extra } });
  } else {
    logger.warn("import thread failed", { err });
    send({ failure: err instanceof Error ? err.message : String(err) });
  }
} finally {
  await db.end().catch(() => undefined);
  // answered: the thread ends (its port held it while it could be sent something), even if an
  // upload it refused is still arriving
  port.unref();
}
