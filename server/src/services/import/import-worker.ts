/**
 * Runs in a worker thread started by import-thread.ts: one preview or one job, with a pool of
 * its own; log lines go to the server's logger, the answer to the thread that started it.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createPool } from "../../db/pool.ts";
import { ApiError } from "../../errors.ts";
import { type Logger, redact } from "../../logger.ts";
import type { ThreadMessage, WorkerData } from "./import-thread.ts";
import { previewUpload, runImport } from "./jobs.ts";

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

// the server shutting down: a job stops between batches and gives its lease back
const shutdown = new AbortController();
port.on("message", (m) => {
  if (m === "stop") shutdown.abort(new Error("server shutting down"));
});
port.unref();

// one connection is all a preview or a job uses at a time
const db = createPool({ ...data.connection, max: 2 }, logger);
const deps = { db, logger, config: data.config, signal: shutdown.signal };

try {
  if (data.task === "preview") {
    send({ preview: await previewUpload(deps, data.userId, data.jobId, data.parts) });
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
}
