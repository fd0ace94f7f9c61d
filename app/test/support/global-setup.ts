import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { API_PORT_ENV, freePort } from "./api-proxy.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function adminQuery(sql: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect().catch((error: Error) => {
    const where = new URL(adminUrl).host;
    throw new Error(
      `the component tests need PostgreSQL at ${where} (or TEST_DATABASE_URL): ${error.message}`,
    );
  });
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Resolves once `url` answers (200 unless `anyStatus`); rejects when the child exits first or `ms` pass. */
async function ready(url: string, child: ChildProcess, { anyStatus = false, ms = 60_000 } = {}) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (res) => anyStatus || res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await once(child, "exit");
}

/**
 * The component tests' API: the real server (from source, Node strips the types) on a fresh
 * database of the PostgreSQL server at TEST_DATABASE_URL (else the machine's own), with the e2e
 * run's fake AI provider. The project's Vite proxy sends the browser's /api to it.
 */
export default async function setup() {
  const port = Number(process.env[API_PORT_ENV]);
  if (!port) throw new Error(`${API_PORT_ENV} is not set: vitest.config.ts's app-components project sets it`);
  const database = `shinian_components_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;

  const providerPort = await freePort();
  const children: ChildProcess[] = [];
  const teardown = async () => {
    for (const child of [...children].reverse()) await stop(child);
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  };
  try {
    const provider = spawn(process.execPath, ["e2e/fake-provider.ts"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, FAKE_PROVIDER_PORT: String(providerPort) },
    });
    children.push(provider);
    await ready(`http://127.0.0.1:${providerPort}/v1/models`, provider, { anyStatus: true });
    const server = spawn(process.execPath, ["server/src/index.ts"], {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl.toString(),
        AI_BASE_URL: `http://127.0.0.1:${providerPort}/v1`,
        AI_API_KEY: "sk-components",
        AI_MODEL: "components-model",
        // Two replies' worth (2 points each): running out of points is two questions away.
        POINTS_REGISTER_BONUS: "4",
        EXPORT_COOLDOWN: "1h",
        PASSWORD_HASH_COST: "10",
        LOG_LEVEL: "warn",
        // every test registers its own account from 127.0.0.1
        REGISTER_PER_IP_PER_HOUR: "10000",
      },
    });
    children.push(server);
    await ready(`http://127.0.0.1:${port}/api/health`, server);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
