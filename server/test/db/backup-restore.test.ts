import { execFile } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type EndpointName, fillPath, routes } from "@shinian/contract";
import { afterAll, describe, expect, inject, it } from "vitest";
import { freshDatabase, killAllChildren, startChildServer, stopChild } from "../child-server.ts";
import { describeDatabase, PASSWORD, uniqueAccount } from "../helpers.ts";

/**
 * `npm run backup` of a running server's database, `npm run restore` into an empty place, and a
 * server started on what was restored: every item, session and ledger line is there. Real
 * processes throughout (the commands from source, `node server/src/index.ts`), for the embedded
 * database (a fresh DATA_DIR) and for DATABASE_URL (a fresh database).
 */
const run = promisify(execFile);
const command = (file: "backup" | "restore", args: string[], env: Record<string, string>) =>
  run(process.execPath, [`server/src/cli/${file}.ts`, ...args], {
    env: { ...process.env, LOG_LEVEL: "error", ...env },
  });

async function api(
  base: string,
  name: EndpointName,
  opts: { token?: string; body?: unknown; id?: string; query?: string } = {},
) {
  const route = routes[name];
  const path = fillPath(route.path, opts.id ? { id: opts.id } : undefined) + (opts.query ?? "");
  const res = await fetch(`${base}${path}`, {
    method: route.method.toUpperCase(),
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body ? { "content-type": "application/json" } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  const json = await res.json();
  expect(res.status, `${name}: ${JSON.stringify(json)}`).toBeLessThan(300);
  return json.data;
}

/** One person's data as the API shows it: what must come back whole. */
async function whatTheySee(base: string, token: string) {
  const [ideas, notes, ledger, sessions] = await Promise.all([
    api(base, "listIdeas", { token, query: "?limit=100" }),
    api(base, "listNotes", { token }),
    api(base, "listLedger", { token }),
    api(base, "listSessions", { token }),
  ]);
  return { ideas, notes, ledger, sessions: sessions.items.map((s: { id: string }) => s.id) };
}

/** A person with three ideas, a note, two sessions and a points ledger, on a running server. */
async function someonesData(base: string) {
  const account = uniqueAccount();
  const { token } = await api(base, "register", { body: { account, password: PASSWORD, agreeTerms: true } });
  await api(base, "login", { body: { account, password: PASSWORD } });
  for (const content of ["周末去看陶艺展", "读《陶艺入门》第三章", "买一块练习用的陶泥"])
    await api(base, "createIdea", { token, body: { content, tags: ["陶艺"] } });
  await api(base, "createNote", { token, body: { title: "陶艺笔记", content: "拉坯要稳，手要湿。" } });
  await api(base, "updateProfile", { token, body: { settings: { autoTidy: false } } });
  return token;
}

type Place = { env: Record<string, string> };

async function roundTrip(from: Place, to: Place, backupFile: string) {
  const source = await startChildServer(from.env);
  const token = await someonesData(source.base);
  const before = await whatTheySee(source.base, token);
  expect(before.ideas.items).toHaveLength(3);
  expect(before.sessions).toHaveLength(2);
  // taken while the server runs and takes captures, one after another, acknowledged in order
  let backingUp = true;
  const written: string[] = [];
  const writer = (async () => {
    while (backingUp && written.length < 60) {
      const idea = await api(source.base, "createIdea", {
        token,
        body: { content: `备份时记下的 ${written.length}` },
      });
      written.push(idea.id);
    }
  })();
  const backup = await command("backup", [backupFile], from.env).finally(() => {
    backingUp = false;
  });
  await writer;
  expect(written.length).toBeGreaterThan(0);
  expect(backup.stdout.trim()).toBe(backupFile);
  expect((await stat(backupFile)).mode & 0o077, "readable by its owner only").toBe(0);
  expect(await stopChild(source)).toBe(0);

  const restored = await command("restore", [backupFile], to.env);
  expect(restored.stdout).toMatch(/已恢复：账号 1，想法 \d+，笔记 1，对话消息 0，点数明细 1，登录会话 2/);
  const again = await command("restore", [backupFile], to.env).catch((e) => e);
  expect(again.code).toBe(1);
  expect(again.stderr).toContain("恢复只写入空的");

  const target = await startChildServer(to.env);
  try {
    const after = await whatTheySee(target.base, token);
    expect({ ...after, ideas: null }).toEqual({ ...before, ideas: null });
    // every idea from before the backup, and of those written during it a first part: one moment's state
    const ids = after.ideas.items.map((i: { id: string }) => i.id).reverse();
    const during = ids.slice(before.ideas.items.length);
    expect(ids.slice(0, before.ideas.items.length)).toEqual(
      before.ideas.items.map((i: { id: string }) => i.id).reverse(),
    );
    expect(during).toEqual(written.slice(0, during.length));
    await api(target.base, "createIdea", { token, body: { content: "恢复之后的新想法" } });
  } finally {
    await stopChild(target);
  }
}

const tmp = (name: string) => mkdtemp(path.join(os.tmpdir(), `shinian-${name}-`));
afterAll(killAllChildren);

describe("backup and restore of the embedded database", () => {
  it("restores into a fresh DATA_DIR while the backed-up server ran, and a server starts on it", {
    timeout: 180_000,
  }, async () => {
    const [a, b, files] = await Promise.all([tmp("data-a"), tmp("data-b"), tmp("backups")]);
    const place = (dir: string): Place => ({ env: { DATA_DIR: dir } });
    try {
      await roundTrip(place(a), place(b), path.join(files, "shinian.tar.gz"));
      // the other kind of backup is refused with what to do instead
      const wrong = await command("restore", [path.join(files, "shinian.tar.gz")], {
        DATABASE_URL: "postgres://127.0.0.1:1/x",
      }).catch((e) => e);
      expect(wrong.stderr).toContain("只能恢复到内置数据库");
    } finally {
      await Promise.all([a, b, files].map((d) => rm(d, { recursive: true, force: true })));
    }
  });
});

// the PostgreSQL server of TEST_DATABASE_URL (CI's), when there is one
const external = inject("testDatabases").find((t) => t.name === "postgres");
if (external)
  describeDatabase(external, (ctx) => {
    it("DATABASE_URL: pg_dump of a running server, pg_restore into an empty database, a server starts on it", {
      timeout: 180_000,
    }, async () => {
      const [a, b, files] = [
        await freshDatabase(ctx, "backup_a"),
        await freshDatabase(ctx, "backup_b"),
        await tmp("backups"),
      ];
      const place = (db: { url: string }): Place => ({ env: { DATABASE_URL: db.url } });
      try {
        await roundTrip(place(a), place(b), path.join(files, "shinian.pgdump"));
      } finally {
        await Promise.all([a.drop(), b.drop(), rm(files, { recursive: true, force: true })]);
      }
    });
  });
