// Starts the real server for the e2e run on a FRESH database: a new temporary DATA_DIR
// (embedded PostgreSQL) every run, removed again when Playwright stops the server.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// SERVE_DIR: a directory the Playwright config chose, for tests that run operator commands on this database
const dir = process.env.SERVE_DIR || mkdtempSync(path.join(tmpdir(), "shinian-e2e-"));
// The embedded postgres runs as user postgres when we are root: it must reach the data dir.
chmodSync(dir, 0o755);
// With FAKE_PROVIDER_PORT this server talks to a local fake OpenAI-compatible provider.
const fakePort = process.env.FAKE_PROVIDER_PORT;
const provider = fakePort
  ? spawn(process.execPath, ["e2e/fake-provider.ts"], {
      stdio: "inherit",
      env: process.env,
    })
  : null;
const ai = fakePort
  ? {
      AI_BASE_URL: `http://127.0.0.1:${fakePort}/v1`,
      AI_API_KEY: "sk-e2e",
      AI_MODEL: "e2e-model",
      AI_EMBEDDING_MODEL: "e2e-embedding",
      AI_TRANSCRIBE_MODEL: "e2e-whisper",
      // a short grace period: still there, without making every test wait 30 s for 自动整理
      AI_TIDY_GRACE: "1s",
    }
  : {};
// The bundle that `npm start` runs (the config's first webServer builds it), started by node
// itself (not npm/npx): "exit" then means the server itself has drained and stopped its
// PostgreSQL, so the data directory can go.
const server = spawn(process.execPath, ["server/dist/index.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATA_DIR: path.join(dir, "data"),
    PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST ?? "10",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    EXPORT_COOLDOWN: process.env.EXPORT_COOLDOWN ?? "1h",
    // every test registers its own account from 127.0.0.1
    REGISTER_PER_IP_PER_HOUR: "10000",
    // bench web gives one account 1,000 ideas at once; the limit has its own server tests
    RATE_CAPTURES: process.env.RATE_CAPTURES ?? "0",
    // small enough for e2e/quotas.e2e.ts to fill with a few long notes; nothing else comes near it
    QUOTA_BYTES: process.env.QUOTA_BYTES ?? "2MiB",
    ...ai,
  },
});
const cleanup = () => rmSync(dir, { recursive: true, force: true });
server.on("exit", (code) => {
  provider?.kill("SIGTERM");
  cleanup();
  process.exit(code ?? 0);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill("SIGTERM"));
