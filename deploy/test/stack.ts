/**
 * The deploy test's stack, built from the shipped files in deploy/: a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL, server processes started through the unit file (by
 * systemctl-stand-in.mjs), nginx running deploy/nginx/shinian.conf with only its ports and
 * paths replaced, and the fake AI provider of the e2e tests.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const DEPLOY = path.join(ROOT, "deploy");

/** Replaces each `from` in `text` (every one must occur, so a changed file fails loudly). */
function replaceAll(text: string, pairs: [from: string, to: string][], file: string): string {
  let out = text;
  for (const [from, to] of pairs) {
    if (!out.includes(from)) throw new Error(`${file} no longer contains "${from}": update the deploy test`);
    out = out.replaceAll(from, to);
  }
  return out;
}

/** `nginx`: the HTTPS site; `http`: the plain-HTTP server that redirects to it. */
export type Ports = { nginx: number; http: number; servers: [number, number]; provider: number };

/** A self-signed certificate for 127.0.0.1, in place of the operator's. */
function selfSignedCertificate(dir: string) {
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"].concat([
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ]),
    { stdio: "ignore" },
  );
  return { cert, key };
}

/** deploy/nginx/shinian.conf for this run: its ports, the certificate and the app's path, nothing else. */
export function renderNginxSite(ports: Ports, tls: { cert: string; key: string }): string {
  const file = path.join(DEPLOY, "nginx/shinian.conf");
  return replaceAll(
    readFileSync(file, "utf8"),
    [
      ["listen 80;", `listen 127.0.0.1:${ports.http};`],
      ["listen [::]:80;\n", ""],
      ["listen 443 ssl http2;", `listen 127.0.0.1:${ports.nginx} ssl http2;`],
      ["listen [::]:443 ssl http2;\n", ""],
      ["/etc/letsencrypt/live/shinian.example.cn/fullchain.pem", tls.cert],
      ["/etc/letsencrypt/live/shinian.example.cn/privkey.pem", tls.key],
      ["127.0.0.1:8801", `127.0.0.1:${ports.servers[0]}`],
      ["127.0.0.1:8802", `127.0.0.1:${ports.servers[1]}`],
      ["/opt/shinian/app/dist", path.join(ROOT, "app/dist")],
    ],
    file,
  );
}

/**
 * Debian's /etc/nginx/nginx.conf, reduced to what a user without /var can run: it includes the
 * site inside `http {}` as sites-enabled/ is.
 */
function nginxMain(dir: string, site: string): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `${kind}_temp_path ${dir}/${kind};`)
    .join("\n  ");
  return `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  access_log ${dir}/access.log;
  ${temp}
  include ${site};
}
`;
}

export const nginxBinary = () => {
  for (const bin of ["/usr/sbin/nginx", "/usr/bin/nginx"]) {
    try {
      execFileSync(bin, ["-v"], { stdio: "ignore" });
      return bin;
    } catch {}
  }
  return null;
};

/** The unit and env files as the operator installs them, with /opt/shinian → this checkout. */
export function renderUnits(dir: string, env: Record<string, string>): string {
  const unitDir = path.join(dir, "units");
  mkdirSync(unitDir);
  const envFile = path.join(dir, "shinian.env");
  const unitFile = path.join(DEPLOY, "systemd/shinian@.service");
  writeFileSync(
    path.join(unitDir, "shinian@.service"),
    replaceAll(
      readFileSync(unitFile, "utf8"),
      [
        ["/opt/shinian", ROOT],
        ["/etc/shinian/shinian.env", envFile],
      ],
      unitFile,
    ),
  );
  writeFileSync(
    path.join(unitDir, "shinian.target"),
    readFileSync(path.join(DEPLOY, "systemd/shinian.target")),
  );
  // the shipped env file, then this run's values (a later line wins, as in systemd)
  const lines = Object.entries(env).map(([key, value]) => `${key}=${value}`);
  writeFileSync(envFile, `${readFileSync(path.join(DEPLOY, "shinian.env"), "utf8")}\n${lines.join("\n")}\n`);
  return unitDir;
}

export type Stack = {
  dir: string;
  baseURL: string;
  /** The run's self-signed certificate (PEM file) the site serves: what a client of baseURL must trust. */
  certificate: string;
  databaseUrl: string;
  unitDir: string;
  /** deploy/rolling-restart.sh's SYSTEMCTL: the stand-in with this run's directories. */
  systemctl: string;
  /** Runs the stand-in systemctl (start / stop / restart shinian@PORT.service). */
  ctl(verb: "start" | "stop" | "restart", port: number): void;
  pidOf(port: number): number;
  /** nginx's master process (its workers are its children). */
  nginxPid: number;
  stop(): Promise<void>;
};

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const waitExit = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));

export async function startStack(options: {
  adminUrl: string;
  nginx: string;
  ports: Ports;
  env: Record<string, string>;
}): Promise<Stack> {
  const { ports } = options;
  const dir = mkdtempSync(path.join(tmpdir(), "shinian-deploy-"));
  chmodSync(dir, 0o755); // nginx's workers run as another user unless we are root
  const database = `shinian_deploy_${process.pid}_${Date.now().toString(36)}`;
  await admin(options.adminUrl, (c) => c.query(`CREATE DATABASE ${database}`));
  const databaseUrl = withDatabase(options.adminUrl, database);

  const provider = spawn(process.execPath, ["e2e/fake-provider.ts"], {
    cwd: ROOT,
    env: { ...process.env, FAKE_PROVIDER_PORT: String(ports.provider) },
    stdio: "inherit",
  });
  const unitDir = renderUnits(dir, {
    ...options.env,
    DATABASE_URL: databaseUrl,
    AI_BASE_URL: `http://127.0.0.1:${ports.provider}/v1`,
    AI_API_KEY: "sk-deploy",
    AI_MODEL: "deploy-model",
  });
  const state = path.join(dir, "state");
  mkdirSync(state);
  const standIn = path.join(import.meta.dirname, "systemctl-stand-in.mjs");
  const systemctl = `${process.execPath} ${standIn} ${unitDir} ${state}`;
  const ctl = (verb: string, port: number) =>
    execFileSync(process.execPath, [standIn, unitDir, state, verb, `shinian@${port}.service`], {
      stdio: "inherit",
    });
  const pidOf = (port: number) => Number(readFileSync(path.join(state, `${port}.pid`), "utf8"));

  const site = path.join(dir, "shinian.conf");
  const tls = selfSignedCertificate(dir);
  writeFileSync(site, renderNginxSite(ports, tls));
  const main = path.join(dir, "nginx.conf");
  writeFileSync(main, nginxMain(dir, site));
  const nginx = spawn(options.nginx, ["-p", dir, "-c", main, "-e", `${dir}/error.log`, "-g", "daemon off;"], {
    stdio: "inherit",
  });

  const stop = async () => {
    for (const port of ports.servers) {
      try {
        ctl("stop", port);
      } catch {}
    }
    nginx.kill("SIGQUIT");
    provider.kill("SIGTERM");
    await Promise.all([waitExit(nginx), waitExit(provider)]);
    await admin(options.adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    if (!process.env.KEEP_DEPLOY_DIR) rmSync(dir, { recursive: true, force: true });
  };
  try {
    // the two processes start together on the empty database: migrations must not race
    await Promise.all(
      ports.servers.map(
        (port) =>
          new Promise<void>((resolve, reject) => {
            const child = spawn(
              process.execPath,
              [standIn, unitDir, state, "start", `shinian@${port}.service`],
              {
                stdio: "inherit",
              },
            );
            child.once("exit", (code) =>
              code === 0 ? resolve() : reject(new Error(`shinian@${port} did not start`)),
            );
          }),
      ),
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    dir,
    baseURL: `https://127.0.0.1:${ports.nginx}`,
    certificate: tls.cert,
    databaseUrl,
    unitDir,
    systemctl,
    ctl,
    pidOf,
    nginxPid: nginx.pid!,
    stop,
  };
}
