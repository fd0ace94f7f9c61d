import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { serve } from "@hono/node-server";
import { purgeExpiredSessions } from "./accounts/accounts.store.ts";
import { sweepDueTidies } from "./ai/auto-tidy.ts";
import { sweepStaleTidies } from "./ai/tidy.ts";
import { createApp } from "./app.ts";
import { sweepUnreferenced } from "./attachments/attachments.store.ts";
import { closeHeicPool } from "./attachments/heic.ts";
import { drainObjectDeletionsSoon } from "./attachments/storage.ts";
import { systemClock } from "./context.ts";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./db/embedded.ts";
import { migrate } from "./db/migrate.ts";
import { createPool, type Db } from "./db/pool.ts";
import type { Config, HttpLimits } from "./env.ts";
import { closeLiveStreams } from "./events/hub.ts";
import { answerClientError } from "./http/client-error.ts";
import { capConnectionsPerAddress } from "./http/connection-cap.ts";
import { trackForDrain } from "./http/drain.ts";
import { watchUploadStalls } from "./http/stalled-uploads.ts";
import { resumeOrphanedImports } from "./import/import-thread.ts";
import { purgeExpiredImports } from "./import/jobs.store.ts";
import { runDueDigests } from "./insights/digests.ts";
import { tagRederiver } from "./items/tag-rederive.ts";
import { purgeTrash } from "./items/trash.store.ts";
import type { Logger } from "./logger.ts";
import { pruneSeen } from "./messaging/bindings.store.ts";
import { telegramPoller } from "./messaging/telegram.ts";
import { refundOverdueSpends } from "./points/points.ts";
import { resealStaleChannels } from "./push/saved-config.ts";
import { runDuePushes } from "./push/schedule.ts";
import { startEmbeddingWorker } from "./search/embeddings/queue.ts";
import { REINDEX_AFTER_START_MS, searchReindexer } from "./search/reindex.ts";
import { closeTextIndexPool } from "./search/words-pool.ts";
import { createBackgroundWork } from "./shared/background-work.ts";
import { resealStalePasswords } from "./webdav/saved-password.ts";
import { runDueWebdavSoon } from "./webdav/scheduler.ts";
import { pruneOutbox } from "./webhooks/outbox.store.ts";
import { resealStaleSecrets } from "./webhooks/saved-secret.ts";
import { pruneDeliveries } from "./webhooks/webhooks.store.ts";
import { webhookWorker } from "./webhooks/worker.ts";

const SWEEP_EVERY_MS = 60_000;
const PURGE_EVERY_MS = 24 * 60 * 60_000;

/**
 * close(): `quietMs` is how long a connection must have been idle before it is closed (SIGTERM
 * behind nginx: longer than nginx keeps one, so it never sends on a closing one); 0 closes idle
 * connections at once.
 */
export type Running = { port: number; db: Db; close(options?: { quietMs?: number }): Promise<void> };

/** The port cannot be listened on (taken, not permitted): a start failure with a clear message. */
export class ListenError extends Error {
  constructor(host: string, port: number, cause: NodeJS.ErrnoException) {
    const where = `${host}:${port}`;
    const why =
      cause.code === "EADDRINUSE"
        ? `端口已被占用 / address already in use (EADDRINUSE); stop the other process or set PORT`
        : cause.code === "EACCES"
          ? `没有权限监听该端口 / permission denied (EACCES); use a port above 1023 or set PORT`
          : cause.message;
    super(`无法监听 ${where}：${why}`, { cause });
    this.name = "ListenError";
  }
}

/**
 * How often Node looks for requests past their headers or request timeout: often enough that a
 * short timeout (tests) holds, never more than once a second.
 */
function checkEvery({ headersTimeoutMs, requestTimeoutMs }: HttpLimits): number {
  const shortest = Math.min(headersTimeoutMs, requestTimeoutMs || Number.POSITIVE_INFINITY);
  return Math.min(1000, Math.max(20, Math.floor(shortest / 4)));
}

/**
 * The HTTP server of the app: Hono on Node, with parser-level errors answered in the API's
 * envelope. The timeouts bound how long a request may take to arrive (a slow client gets 408 and
 * is closed; an import's upload, by how long its body stalls); an answer streams for as long as it needs (the chat's SSE, the export has its own
 * bounds). Connections are capped per client address.
 */
export function listen(
  fetch: (req: Request) => Response | Promise<Response>,
  port: number,
  host: string,
  limits: HttpLimits,
) {
  return new Promise<Server>((resolve, reject) => {
    const s = serve(
      {
        fetch,
        port,
        hostname: host,
        serverOptions: {
          headersTimeout: limits.headersTimeoutMs,
          requestTimeout: limits.requestTimeoutMs,
          keepAliveTimeout: limits.keepAliveTimeoutMs,
          connectionsCheckingInterval: checkEvery(limits),
        },
      },
      () => {
        s.off("error", onError);
        resolve(s as Server);
      },
    ) as Server;
    const onError = (err: NodeJS.ErrnoException) => reject(new ListenError(host, port, err));
    s.once("error", onError);
    const isWatchedUpload = watchUploadStalls(s, limits);
    s.on("clientError", (err: NodeJS.ErrnoException, socket: Duplex) => {
      // an upload's body is bounded by its stalls, not by the whole request's time
      if (err.code === "ERR_HTTP_REQUEST_TIMEOUT" && isWatchedUpload(socket as Socket)) return;
      answerClientError(err, socket);
    });
    capConnectionsPerAddress(s, limits.connectionsPerIp);
  });
}

/** Database (embedded unless DATABASE_URL), migrations, HTTP server; close() drains in reverse. */
export async function startServer(
  config: Config,
  logger: Logger,
  /** An embedded start already under way (index.ts starts it before loading the app's modules). */
  embeddedStarting?: Promise<EmbeddedPostgres> | null,
): Promise<Running> {
  const embedded =
    embeddedStarting !== undefined
      ? await embeddedStarting
      : config.databaseUrl
        ? null
        : await startEmbeddedPostgres({ dataDir: config.dataDir, logger });
  const db = createPool(embedded ? embedded.connection : { connectionString: config.databaseUrl }, logger);
  try {
    await migrate(db, logger);
  } catch (err) {
    await db.end().catch(() => undefined);
    await embedded?.stop();
    throw err;
  }
  const work = createBackgroundWork();
  const app = createApp({ config, db, logger, work });
  let server: Server;
  try {
    server = await listen(app.fetch, config.port, config.host, config.http);
  } catch (err) {
    // Not listening: stop what was started, or the embedded postmaster would outlive us.
    await db.end().catch(() => undefined);
    await embedded?.stop();
    throw err;
  }
  // After the start, an error of the listening socket is logged, never an unhandled event.
  server.on("error", (err) => logger.error("http server error", { err }));
  const drain = trackForDrain(server);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info("listening", {
    port,
    host: config.host,
    database: embedded ? "embedded" : "external",
    node: process.version,
  });

  // search words made before pinyin and 繁简 (migration 020), rebuilt in the background
  const reindexer = searchReindexer(db, logger, work);
  reindexer.kick(REINDEX_AFTER_START_MS);
  // tags typed after Chinese punctuation and in notes (migration 030), added in the background
  tagRederiver(db, logger, work).start();
  // webhooks: woken by the outbox's NOTIFY at each commit, polling for retries
  const webhooks = webhookWorker({ config, db, logger, work, clock: systemClock });
  // with TELEGRAM_BOT_TOKEN: the bot's messages, long-polled by one process at a time
  const telegram = telegramPoller({ config, db, logger, work, clock: systemClock });
  telegram.start();
  const sweep = () => {
    reindexer.kick();
    work.track(
      sweepStaleTidies(db).then(
        (n) => n && logger.info("settled tidies left by a stopped process", { ideas: n }),
        (err) => logger.warn("stale tidy sweep failed", { err }),
      ),
    );
    work.track(
      refundOverdueSpends(db).then(
        (n) => n && logger.info("refunded AI calls left by a stopped process", { spends: n }),
        (err) => logger.warn("open spend sweep failed", { err }),
      ),
    );
    // 自动整理 that came due while its process was stopped, and a timer for the next one due
    work.track(
      sweepDueTidies({ config, db, logger, work, clock: systemClock }, SWEEP_EVERY_MS).catch((err) =>
        logger.warn("auto tidy sweep failed", { err }),
      ),
    );
    // 周报/月报 that came due (each claimed by one process), and those left by a stopped one
    work.track(
      runDueDigests({ config, db, logger, work, clock: systemClock }).then(
        (n) => n && logger.info("digests drawn", { digests: n }),
        (err) => logger.warn("digest sweep failed", { err }),
      ),
    );
    // 每日回顾 whose time came and 周报/月报 made, pushed to each person's channels (claimed across processes)
    work.track(
      runDuePushes({ config, db, logger, work, clock: systemClock }).then(
        (n) => (n.reviews || n.digests) && logger.info("pushes sent", n),
        (err) => logger.warn("push sweep failed", { err }),
      ),
    );
    // chat messages' keys past any retry, and WeChat nonces past the clock window
    work.track(
      pruneSeen(db, config.wechat?.maxClockSkewMs ?? 10 * 60_000).catch((err) =>
        logger.warn("messaging prune failed", { err }),
      ),
    );
    // WebDAV backups that came due (claimed across processes, one at a time here)
    runDueWebdavSoon({ config, db, logger, work, clock: systemClock });
    // saved WebDAV passwords under a rotated-out key, used or not: sealed under the current one
    work.track(
      resealStalePasswords({ config, db }).then(
        (n) => n.resealed && logger.info("webdav passwords sealed under the current key", n),
        (err) => logger.warn("webdav password reseal failed", { err }),
      ),
    );
    work.track(
      resealStaleSecrets({ config, db }).then(
        (n) => n.resealed && logger.info("webhook secrets sealed under the current key", n),
        (err) => logger.warn("webhook secret reseal failed", { err }),
      ),
    );
    work.track(
      resealStaleChannels({ config, db }).then(
        (n) => n.resealed && logger.info("push channels sealed under the current key", n),
        (err) => logger.warn("push channel reseal failed", { err }),
      ),
    );
    // imports whose process died: resumed here; uploads and previews past their day: removed
    work.track(
      resumeOrphanedImports({ config, db, logger, work, clock: systemClock }).then(
        (n) => n && logger.info("resumed imports left by a stopped process", { jobs: n }),
        (err) => logger.warn("import resume sweep failed", { err }),
      ),
    );
    work.track(purgeExpiredImports(db).catch((err) => logger.warn("import purge failed", { err })));
    // the outbox past its day, and each webhook's finished deliveries past the last 50 listed
    work.track(
      pruneOutbox(db, config.webhooks.keepEventsMs)
        .then(() => pruneDeliveries(db, config.webhooks.keepDeliveries))
        .catch((err) => logger.warn("outbox prune failed", { err })),
    );
    // uploaded images attached to nothing past attachments.graceMs, and files of items gone by another way
    work.track(
      sweepUnreferenced(db, config.attachments.graceMs)
        .then(
          (n) => n && logger.info("unreferenced files deleted", { files: n }),
          (err) => logger.warn("file sweep failed", { err }),
        )
        // with S3_*: the bucket's objects of files deleted by any path (migration 028's outbox)
        .then(() => drainObjectDeletionsSoon({ config, db, logger, work })),
    );
  };
  sweep();
  // vectors for finding by meaning: what has none of the configured model is queued, then worked
  work.track(
    startEmbeddingWorker({ config, db, logger, work, clock: systemClock }).catch((err) =>
      logger.warn("embedding worker did not start", { err }),
    ),
  );
  const sweeper = setInterval(sweep, SWEEP_EVERY_MS).unref();
  // Once a day: expired sessions (30 days unused, or sessionMaxAgeMs after sign-in) and what has
  // been in 回收站 longer than trashDays are deleted.
  const purge = () => {
    work.track(
      purgeExpiredSessions(db).then(
        (n) => n && logger.info("expired sessions purged", { sessions: n }),
        (err) => logger.warn("expired session purge failed", { err }),
      ),
    );
    work.track(
      purgeTrash(db, { olderThanDays: config.trashDays }).then(
        (n) => n && logger.info("trash purged", { items: n }),
        (err) => logger.warn("trash purge failed", { err }),
      ),
    );
  };
  purge();
  const purger = setInterval(purge, PURGE_EVERY_MS).unref();

  let closing: Promise<void> | null = null;
  const close = (options: { quietMs?: number } = {}) => {
    closing ??= (async () => {
      clearInterval(sweeper);
      clearInterval(purger);
      await webhooks.stop();
      await telegram.stop();
      // open event streams end first, or they would hold the drain to its grace; clients reconnect elsewhere
      closeLiveStreams(db);
      // Stop accepting, let in-flight requests finish (bounded), then the pool, then postgres.
      await drain({ quietMs: options.quietMs ?? 0, graceMs: 10_000 });
      // AI calls still running are aborted and refund their points: the pool must outlive that
      await Promise.all([work.close(), closeTextIndexPool(), closeHeicPool()]);
      await db.end().catch(() => undefined);
      await embedded?.stop();
    })();
    return closing;
  };
  embedded?.onUnexpectedExit(() => {
    logger.error("database stopped; exiting");
    process.exit(1);
  });
  return { port, db, close };
}
