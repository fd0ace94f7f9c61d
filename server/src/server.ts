import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./db/embedded.ts";
import { migrate } from "./db/migrate.ts";
import { createPool, type Db } from "./db/pool.ts";
import type { Config } from "./env.ts";
import { createBackgroundWork } from "./lib/background-work.ts";
import { answerClientError } from "./lib/client-error.ts";
import type { Logger } from "./logger.ts";
import { sweepDueTidies } from "./services/ai/auto-tidy.ts";
import { sweepStaleTidies } from "./services/ai/tidy.ts";
import { refundOverdueSpends } from "./services/points.ts";
import { purgeExpiredSessions } from "./stores/accounts.ts";

const SWEEP_EVERY_MS = 60_000;
const PURGE_EVERY_MS = 24 * 60 * 60_000;

export type Running = { port: number; db: Db; close(): Promise<void> };

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

/** The HTTP server of the app: Hono on Node, with parser-level errors answered in the API's envelope. */
export function listen(fetch: (req: Request) => Response | Promise<Response>, port: number, host: string) {
  return new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch, port, hostname: host }, () => {
      s.off("error", onError);
      resolve(s as Server);
    }) as Server;
    const onError = (err: NodeJS.ErrnoException) => reject(new ListenError(host, port, err));
    s.once("error", onError);
    s.on("clientError", answerClientError);
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
    server = await listen(app.fetch, config.port, config.host);
  } catch (err) {
    // Not listening: stop what was started, or the embedded postmaster would outlive us.
    await db.end().catch(() => undefined);
    await embedded?.stop();
    throw err;
  }
  // After the start, an error of the listening socket is logged, never an unhandled event.
  server.on("error", (err) => logger.error("http server error", { err }));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info("listening", {
    port,
    host: config.host,
    database: embedded ? "embedded" : "external",
    node: process.version,
  });

  const sweep = () => {
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
      sweepDueTidies({ config, db, logger, work }, SWEEP_EVERY_MS).catch((err) =>
        logger.warn("auto tidy sweep failed", { err }),
      ),
    );
  };
  sweep();
  const sweeper = setInterval(sweep, SWEEP_EVERY_MS).unref();
  // Expired sessions (30 days unused, or SESSION_MAX_AGE after sign-in) are deleted once a day.
  let purging: Promise<unknown> = Promise.resolve();
  const purge = () => {
    purging = purgeExpiredSessions(db).then(
      (n) => n && logger.info("expired sessions purged", { sessions: n }),
      (err) => logger.warn("expired session purge failed", { err }),
    );
  };
  purge();
  const purger = setInterval(purge, PURGE_EVERY_MS).unref();

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      clearInterval(sweeper);
      clearInterval(purger);
      // Stop accepting, let in-flight requests finish (bounded), then the pool, then postgres.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          server.closeAllConnections?.();
          resolve();
        }, 10_000);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections?.();
      });
      // AI calls still running are aborted and refund their points: the pool must outlive that
      await Promise.all([work.close(), purging]);
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
