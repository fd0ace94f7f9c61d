import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./db/embedded.ts";
import { migrate } from "./db/migrate.ts";
import { createPool, type Db } from "./db/pool.ts";
import type { Config } from "./env.ts";
import type { Logger } from "./logger.ts";

export type Running = { port: number; db: Db; close(): Promise<void> };

/** Database (embedded unless DATABASE_URL), migrations, HTTP server; close() drains in reverse. */
export async function startServer(config: Config, logger: Logger): Promise<Running> {
  let embedded: EmbeddedPostgres | null = null;
  if (!config.databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, logger });
  }
  const db = createPool(embedded ? embedded.connection : { connectionString: config.databaseUrl }, logger);
  try {
    await migrate(db, logger);
  } catch (err) {
    await db.end().catch(() => undefined);
    await embedded?.stop();
    throw err;
  }
  const app = createApp({ config, db, logger });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(s as Server),
    );
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info("listening", { port, host: config.host, database: embedded ? "embedded" : "external" });

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
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
