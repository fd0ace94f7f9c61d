import "./wasm-wrappers.ts";
import { startEmbeddedPostgres } from "./db/embedded.ts";
import { ConfigError, loadConfig, retiredSettingsSet } from "./env.ts";
import { createLogger } from "./logger.ts";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
/** Longer than nginx keeps an idle connection to a process (keepalive_timeout 2s, deploy/nginx). */
const SHUTDOWN_QUIET_MS = 3000;
const logger = createLogger(config.logLevel, { service: "shinian-server" });
process.on("unhandledRejection", (err) => logger.error("unhandled rejection", { err }));
const retired = retiredSettingsSet();
if (retired.length > 0) {
  logger.warn(
    "these settings are no longer read: they are limits in server/src/limits.ts (docs/configuration.md)",
    {
      settings: retired,
    },
  );
}

try {
  // PostgreSQL boots (initdb on a fresh DATA_DIR takes seconds) while Node loads the app's modules.
  const embeddedStarting = config.databaseUrl
    ? null
    : startEmbeddedPostgres({ dataDir: config.dataDir, logger });
  embeddedStarting?.catch(() => undefined); // awaited (and reported) by startServer
  const { startServer } = await import("./server.ts");
  const running = await startServer(config, logger, embeddedStarting);
  let signalledAt = 0;
  const shutdown = (signal: string) => {
    if (signalledAt) {
      // Ctrl+C under `npm start` delivers SIGINT twice at once (the terminal's process group and
      // npm relaying it): only a signal sent well after the first one means "exit now".
      if (Date.now() - signalledAt < 2000) return;
      logger.warn("second signal: exiting now", { signal });
      process.exit(1);
    }
    signalledAt = Date.now();
    logger.info("shutting down", { signal });
    // SIGTERM (systemd, a rolling restart): idle connections are left to nginx to close first
    running.close({ quietMs: signal === "SIGTERM" ? SHUTDOWN_QUIET_MS : 0 }).then(
      () => {
        logger.info("stopped");
        process.exit(0);
      },
      (err) => {
        logger.error("shutdown failed", { err });
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
} catch (err) {
  logger.error("start failed", { err });
  // A taken port and the like: a plain line too, for whoever started us from a terminal.
  if (err instanceof Error && err.name === "ListenError") process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
