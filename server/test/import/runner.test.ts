import { randomUUID } from "node:crypto";
import { strToU8, zipSync } from "fflate";
import { afterAll, expect, it } from "vitest";
import { resumeOrphanedImports } from "../../src/import/import-thread.ts";
import { claimExpiredJobs } from "../../src/import/jobs.store.ts";
import { cancelImport } from "../../src/import/jobs.ts";
import { LIMITS } from "../../src/limits.ts";
import { createLogger } from "../../src/logger.ts";
import { createBackgroundWork } from "../../src/shared/background-work.ts";
import { freshDatabase, killAllChildren, startChildServer, stopChild } from "../child-server.ts";
import { onOneDatabase, PASSWORD, registerUser, request, type TestCtx, uniqueAccount } from "../helpers.ts";
import { previewed, settled } from "./helpers.ts";

/**
 * An import's runner is supervised from outside its thread (issue 30, faults 1 and 5). A runner is
 * made slow by holding import_chunks locked: its reading of the upload waits, outside any batch,
 * as a slow importer's would (a 58 MB memos file took 78 s per read).
 */
const NOTES = 250; // two batches
/**
 * How long a test may take: the harness's bound, not one the tests check (those are the patched
 * lease, batch, job and preview budgets, each measured). Two files run at once on 2 shared cores,
 * where previewing and importing 250 notes alone took 10 s.
 */
const PATIENCE = 60_000;
/** A job's whole budget where a test waits for it: long enough for a loaded machine to start the reading. */
const JOB_MS = 10_000;

const notesZip = (tag: string) => {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < NOTES; i++) files[`笔记/${i}.md`] = strToU8(`${tag} 第 ${i} 条 #${tag}`);
  return [{ name: `${tag}.zip`, bytes: zipSync(files) as Uint8Array<ArrayBuffer> }];
};

/** Holds import_chunks locked (every reading of an upload waits) until `release`. */
async function lockChunks(db: { connect: TestCtx["db"]["connect"] }, mode = "ACCESS EXCLUSIVE") {
  const client = await db.connect();
  await client.query("BEGIN");
  await client.query(`LOCK TABLE import_chunks IN ${mode} MODE`);
  return async () => {
    await client.query("COMMIT");
    client.release();
  };
}

/** Connections waiting for a lock while running a statement LIKE `pattern`. */
async function waitingOn(ctx: { db: Pick<TestCtx["db"], "query"> }, pattern: string): Promise<number> {
  const { rows } = await ctx.db.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
       AND wait_event_type = 'Lock' AND query LIKE $1`,
    [pattern],
  );
  return rows[0].n;
}

/** Connections of import runners waiting to read an upload (each runner has its own). */
const waitingReaders = (ctx: { db: Pick<TestCtx["db"], "query"> }) =>
  waitingOn(ctx, "SELECT substring(data%import_chunks%");

/** Connections of import batches waiting for an account's usage row. */
const waitingWriters = (ctx: TestCtx) => waitingOn(ctx, "SELECT items, bytes FROM user_usage%");

/** Waits for what will happen, however busy the machine; a test about how soon passes its own bound. */
async function until(check: () => Promise<boolean>, ms = PATIENCE / 2) {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not met in time");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const start = (ctx: TestCtx, token: string, id: string) =>
  request(ctx, "startImport", { token, params: { id }, body: {} });

onOneDatabase(
  (ctx) => {
    const deps = () => ({
      config: ctx.config,
      db: ctx.db,
      logger: createLogger("silent"),
      work: createBackgroundWork(),
      clock: () => new Date(),
    });
    const job = async (id: string) =>
      (
        await ctx.db.query(
          "SELECT lease_owner, lease_until > now() AS leased FROM import_jobs WHERE id = $1",
          [id],
        )
      ).rows[0];

    it(
      "a slow runner keeps its lease, is never run twice, and stops at once when the job is taken over",
      async () => {
        const user = await registerUser(ctx);
        const { jobId } = await previewed(ctx, user, notesZip("租约"));
        const release = await lockChunks(ctx.db);
        try {
          expect((await start(ctx, user.token, jobId)).status).toBe(200);
          await until(async () => (await waitingReaders(ctx)) === 1);
          // longer than the lease: its supervisor renewed it, though no batch was written
          await sleep(3500);
          expect((await job(jobId)).leased).toBe(true);
          expect(await resumeOrphanedImports(deps())).toBe(0);
          // even with the lease run out, this process does not start a second runner of its job
          await ctx.db.query(
            "UPDATE import_jobs SET lease_until = now() - interval '1 second' WHERE id = $1",
            [jobId],
          );
          expect(await resumeOrphanedImports(deps())).toBe(0);
          expect(await waitingReaders(ctx)).toBe(1);
          // another process took the job over: this runner ends at its next renewal (a third of the lease)
          await ctx.db.query(
            "UPDATE import_jobs SET lease_owner = gen_random_uuid(), lease_until = now() + interval '1 hour' WHERE id = $1",
            [jobId],
          );
          await until(async () => (await waitingReaders(ctx)) === 0);
        } finally {
          await release();
        }
        // the other process dies in its turn
        await ctx.db.query("UPDATE import_jobs SET lease_until = now() - interval '1 second' WHERE id = $1", [
          jobId,
        ]);
        // the job is resumed by whoever claims it next, every note once
        expect(await resumeOrphanedImports(deps())).toBe(1);
        expect(await settled(ctx, user, jobId)).toMatchObject({ status: "done", done: NOTES });
        const notes = await ctx.db.query("SELECT count(*)::int AS n FROM notes WHERE user_id = $1", [
          user.id,
        ]);
        expect(notes.rows[0].n).toBe(NOTES);
      },
      PATIENCE,
    );

    it(
      "a job cancelled in another process has its runner ended at its next renewal, its open batch not waited for",
      async () => {
        const user = await registerUser(ctx);
        const { jobId } = await previewed(ctx, user, notesZip("他处"));
        // the runner's first batch holds the job's row, then waits for the account's usage row
        const holder = await ctx.db.connect();
        await holder.query("BEGIN");
        await holder.query("SELECT 1 FROM user_usage WHERE user_id = $1 FOR UPDATE", [user.id]);
        let cancelled: Promise<unknown> | undefined;
        try {
          expect((await start(ctx, user.token, jobId)).status).toBe(200);
          await until(async () => (await waitingWriters(ctx)) === 1);
          // as another process would: its cancel cannot end this process's runner directly
          cancelled = cancelImport(ctx.db, user.id, jobId, () => undefined);
          // a renewal a third of the 3 s lease later ends it, long before the 2 min batch budget
          await until(async () => (await waitingWriters(ctx)) === 0);
        } finally {
          await holder.query("COMMIT");
          holder.release();
        }
        expect(await cancelled).toMatchObject({ status: "cancelled", done: 0 });
      },
      PATIENCE,
    );

    it(
      "runs at most IMPORT_MAX_JOBS at once: the next is shown queued, unleased, and runs when a place frees",
      async () => {
        const first = await registerUser(ctx);
        const second = await registerUser(ctx);
        const a = await previewed(ctx, first, notesZip("先"));
        const b = await previewed(ctx, second, notesZip("后"));
        const release = await lockChunks(ctx.db);
        try {
          expect((await start(ctx, first.token, a.jobId)).body.data.status).toBe("running");
          const queued = await start(ctx, second.token, b.jobId);
          expect(queued.status).toBe(200);
          expect(queued.body.data.status).toBe("queued");
          await until(async () => (await waitingReaders(ctx)) === 1);
          await sleep(300);
          expect(await waitingReaders(ctx)).toBe(1);
          const shown = await request(ctx, "getImport", { token: second.token, params: { id: b.jobId } });
          expect(shown.body.data).toMatchObject({ status: "queued", done: 0 });
          expect(await job(b.jobId)).toEqual({ lease_owner: null, leased: null });
        } finally {
          await release();
        }
        expect(await settled(ctx, first, a.jobId)).toMatchObject({ status: "done", done: NOTES });
        await until(async () => (await job(b.jobId)).lease_owner !== null);
        expect(await settled(ctx, second, b.jobId)).toMatchObject({ status: "done", done: NOTES });
      },
      PATIENCE,
    );
  },
  { RATE_UPLOADS: "0" },
  { import: { leaseMs: 3000, maxJobs: 1 } },
);

onOneDatabase(
  (ctx) => {
    it(
      "a batch over its time budget is ended from outside: the job fails, rolled back, saying why",
      async () => {
        const user = await registerUser(ctx);
        const { jobId } = await previewed(ctx, user, notesZip("超时"));
        // the first batch waits for the account's usage row, its transaction open, for as long as it is held
        const holder = await ctx.db.connect();
        await holder.query("BEGIN");
        await holder.query("SELECT 1 FROM user_usage WHERE user_id = $1 FOR UPDATE", [user.id]);
        try {
          const started = Date.now();
          expect((await start(ctx, user.token, jobId)).status).toBe(200);
          // settled while the row is still held, so the batch could not have finished: only its budget,
          // enforced from outside, ended it (measured, not slept for: a busy machine starts threads slowly)
          await until(async () => (await jobStatus(jobId)) !== "running", 20_000);
          expect(Date.now() - started).toBeGreaterThanOrEqual(300);
          // its connection gone too (the server notices within a second), the row still held
          await until(async () => (await waitingWriters(ctx)) === 0);
        } finally {
          await holder.query("COMMIT");
          holder.release();
        }
        const final = await settled(ctx, user, jobId);
        expect(final.status).toBe("failed");
        expect(final.error).toBe(
          "导入失败，已撤回本次导入的内容：有一批内容用时超过了上限（0.3 秒），请把文件分成几份再导入",
        );
        const notes = await ctx.db.query("SELECT count(*)::int AS n FROM notes WHERE user_id = $1", [
          user.id,
        ]);
        expect(notes.rows[0].n).toBe(0);
      },
      PATIENCE,
    );

    const jobStatus = async (id: string) =>
      (await ctx.db.query("SELECT status FROM import_jobs WHERE id = $1", [id])).rows[0].status;
  },
  { RATE_UPLOADS: "0" },
  { import: { batchMs: 300 } },
);

onOneDatabase(
  (ctx) => {
    it(
      "a preview over its deadline is ended and answered in Chinese; its place is free again",
      async () => {
        const user = await registerUser(ctx);
        // storing the upload waits; the quota's reading of stored uploads does not
        const release = await lockChunks(ctx.db, "SHARE");
        const asked = Date.now();
        const answer = upload(ctx, user.token, notesZip("预览"));
        try {
          // the storing hangs for as long as the lock is held, so only the deadline, enforced from
          // outside, can end it; then the upload's job is deleted, which waits for the lock in its turn
          // (measured, not slept for: a busy machine takes seconds to start a thread)
          await until(async () => (await waitingOn(ctx, "DELETE FROM import_jobs%")) === 1, 20_000);
          expect(Date.now() - asked).toBeGreaterThanOrEqual(1000);
        } finally {
          await release();
        }
        const res = await answer;
        expect(res.status).toBe(413);
        expect(res.body.message).toBe("读取这个文件超过了 1 秒，已停止：请把文件分成几份再导入");
        const jobs = await ctx.db.query("SELECT count(*)::int AS n FROM import_jobs WHERE user_id = $1", [
          user.id,
        ]);
        expect(jobs.rows[0].n).toBe(0);
        // the upload's place was given back: the next one is read. The deadline is lifted for it (a busy
        // machine can take a second to start the thread): what this checks is the place, not the deadline.
        ctx.config.import.previewMs = 60_000;
        const small = {
          name: "小.zip",
          bytes: zipSync({ "笔记/1.md": strToU8("一条") }) as Uint8Array<ArrayBuffer>,
        };
        expect((await upload(ctx, user.token, [small])).status).toBe(201);
      },
      PATIENCE,
    );
  },
  { RATE_UPLOADS: "0" },
  { import: { previewMs: 1000 } },
);

// Apart from the 1 s preview deadline above: on a busy machine, starting the import's thread alone can take that long.
onOneDatabase(
  (ctx) => {
    it(
      "a job cancelled in its process has its runner ended at once, not at its next batch",
      async () => {
        const user = await registerUser(ctx);
        const { jobId } = await previewed(ctx, user, notesZip("取消"));
        const release = await lockChunks(ctx.db);
        let cancelled: ReturnType<typeof request<"cancelImport">> | undefined;
        try {
          expect((await start(ctx, user.token, jobId)).status).toBe(200);
          await until(async () => (await waitingReaders(ctx)) === 1);
          cancelled = request(ctx, "cancelImport", { token: user.token, params: { id: jobId } });
          // long before its next renewal (a third of the 3 min lease) would notice
          await until(async () => (await waitingReaders(ctx)) === 0, PATIENCE / 2);
        } finally {
          await release();
        }
        expect((await cancelled)?.body.data).toMatchObject({ status: "cancelled", done: 0 });
      },
      PATIENCE,
    );
  },
  { RATE_UPLOADS: "0" },
  { import: { leaseMs: 180_000 } },
);

onOneDatabase(
  (ctx) => {
    const deps = () => ({
      config: ctx.config,
      db: ctx.db,
      logger: createLogger("silent"),
      work: createBackgroundWork(),
      clock: () => new Date(),
    });
    const budgetFailure = `导入失败，已撤回本次导入的内容：导入用时超过了上限（${JOB_MS / 1000} 秒），请把文件分成几份再导入`;

    it(
      "a job over its whole time budget is ended from outside, though no batch overran: failed, rolled back",
      async () => {
        const user = await registerUser(ctx);
        const { jobId } = await previewed(ctx, user, notesZip("总时"));
        const release = await lockChunks(ctx.db);
        try {
          expect((await start(ctx, user.token, jobId)).status).toBe(200);
          await until(async () => (await waitingReaders(ctx)) === 1, JOB_MS);
          // the reading waits on the lock for as long as it is held: only the job's budget ends it,
          // then the job's settling waits for the lock in its turn (awaited, not slept for)
          await until(async () => (await waitingOn(ctx, "DELETE FROM import_chunks%")) === 1, PATIENCE / 2);
          await until(async () => (await waitingReaders(ctx)) === 0);
        } finally {
          await release();
        }
        expect(await settled(ctx, user, jobId)).toMatchObject({ status: "failed", error: budgetFailure });
        const notes = await ctx.db.query("SELECT count(*)::int AS n FROM notes WHERE user_id = $1", [
          user.id,
        ]);
        expect(notes.rows[0].n).toBe(0);
      },
      PATIENCE,
    );

    it("a process draining at shutdown takes no job; the next expiry it looks again for is another process's", async () => {
      const user = await registerUser(ctx);
      const { jobId } = await previewed(ctx, user, notesZip("停机"));
      await ctx.db.query(
        "UPDATE import_jobs SET status = 'running', lease_owner = NULL, lease_until = NULL WHERE id = $1",
        [jobId],
      );
      const draining = deps();
      await draining.work.close();
      expect(await resumeOrphanedImports(draining)).toBe(0);
      expect((await job(jobId)).lease_owner).toBe(null);
      // held by this process (its runner renews it): no reason to look again when it would expire
      await ctx.db.query(
        "UPDATE import_jobs SET lease_owner = gen_random_uuid(), lease_until = now() + interval '10 seconds' WHERE id = $1",
        [jobId],
      );
      expect((await claimExpiredJobs(ctx.db, randomUUID(), 1000, 0, [jobId])).nextExpiryMs).toBe(null);
      expect((await claimExpiredJobs(ctx.db, randomUUID(), 1000, 0, [])).nextExpiryMs).toBeGreaterThan(5000);
      await request(ctx, "cancelImport", { token: user.token, params: { id: jobId } });
    });

    const job = async (id: string) =>
      (await ctx.db.query("SELECT lease_owner FROM import_jobs WHERE id = $1", [id])).rows[0];
  },
  { RATE_UPLOADS: "0" },
  { import: { jobMs: JOB_MS } },
);

onOneDatabase(
  (ctx) => {
    it(
      "a resumed job's budget counts from when it was first taken, not from the resume",
      async () => {
        const user = await registerUser(ctx);
        const { jobId } = await previewed(ctx, user, notesZip("续时"));
        // a job some process took long ago, then died: its lease ran out
        await ctx.db.query(
          `UPDATE import_jobs SET status = 'running', lease_owner = gen_random_uuid(),
           lease_until = now() - interval '1 second', started_at = now() - interval '1 hour' WHERE id = $1`,
          [jobId],
        );
        const resumed = Date.now();
        const work = {
          config: ctx.config,
          db: ctx.db,
          logger: createLogger("silent"),
          clock: () => new Date(),
        };
        expect(await resumeOrphanedImports({ ...work, work: createBackgroundWork() })).toBe(1);
        // at once: a budget started again (a minute) would let it finish its 250 notes, or end it a
        // minute later; "at once" is bounded by half of that, which no busy machine reaches
        const final = await settled(ctx, user, jobId);
        expect(Date.now() - resumed).toBeLessThan(30_000);
        expect(final).toMatchObject({
          status: "failed",
          error: "导入失败，已撤回本次导入的内容：导入用时超过了上限（1 分钟），请把文件分成几份再导入",
        });
        const notes = await ctx.db.query("SELECT count(*)::int AS n FROM notes WHERE user_id = $1", [
          user.id,
        ]);
        expect(notes.rows[0].n).toBe(0);
      },
      PATIENCE,
    );
  },
  { RATE_UPLOADS: "0" },
  { import: { jobMs: 60_000 } },
);

onOneDatabase(
  (ctx) => {
    it(
      "a resume's skipping of records already done is no batch: a large job resumed near its end finishes",
      async () => {
        const user = await registerUser(ctx);
        const files: Record<string, Uint8Array> = {};
        for (let i = 0; i < SKIPPED + 10; i++) files[`笔记/${i}.md`] = strToU8(`第 ${i} 条`);
        const { jobId } = await previewed(ctx, user, [
          { name: "多.zip", bytes: zipSync(files) as Uint8Array<ArrayBuffer> },
        ]);
        // a process wrote all but the last ten, then died
        await ctx.db.query(
          `UPDATE import_jobs SET status = 'running', lease_owner = gen_random_uuid(),
           lease_until = now() - interval '1 second', started_at = now(), done = $2 WHERE id = $1`,
          [jobId, SKIPPED],
        );
        const work = createBackgroundWork();
        expect(
          await resumeOrphanedImports({
            ...ctx,
            logger: createLogger("silent"),
            work,
            clock: () => new Date(),
          }),
        ).toBe(1);
        expect(await settled(ctx, user, jobId)).toMatchObject({
          status: "done",
          done: SKIPPED + 10,
          error: null,
        });
        const notes = await ctx.db.query("SELECT count(*)::int AS n FROM notes WHERE user_id = $1", [
          user.id,
        ]);
        expect(notes.rows[0].n).toBe(10);
      },
      2 * PATIENCE,
    ); // 12,010 files to preview first
  },
  { RATE_UPLOADS: "0" },
  { import: { batchMs: 1500 } },
);

/** Enough records that skipping them all takes well over the 1.5 s batch budget (such a resume failed before), 200 of them far less. */
const SKIPPED = 12_000;

it("an import timer is at most a day: setTimeout would fire at once past 2^31 - 1 ms", () => {
  const { jobMs, batchMs, previewMs, leaseMs } = LIMITS.import;
  for (const ms of [jobMs, batchMs, previewMs, leaseMs]) {
    expect(ms).toBeGreaterThanOrEqual(1000);
    expect(ms).toBeLessThanOrEqual(24 * 3_600_000);
  }
});

async function upload(
  ctx: TestCtx,
  token: string,
  files: { name: string; bytes: Uint8Array<ArrayBuffer> }[],
) {
  const form = new FormData();
  for (const f of files) form.append("file", new File([f.bytes], f.name));
  const res = await ctx.app.request("/api/import", {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

onOneDatabase((ctx) => {
  afterAll(() => killAllChildren());

  it("SIGTERM stops the server within its grace while an import's reading hangs, the lease given back", async () => {
    const database = await freshDatabase(ctx, "import_sigterm");
    const { Pool } = await import("pg");
    const db = new Pool({ connectionString: database.url, max: 2 });
    db.on("error", () => undefined); // an idle connection ended by the database's drop
    try {
      const child = await startChildServer({ DATABASE_URL: database.url, RATE_UPLOADS: "0" });
      const api = (path: string, init: RequestInit = {}) =>
        fetch(`${child.base}${path}`, {
          ...init,
          headers: { authorization: `Bearer ${token}`, ...init.headers },
        });
      const registered = await fetch(`${child.base}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ account: uniqueAccount(), password: PASSWORD, agreeTerms: true }),
      });
      const token: string = (await registered.json()).data.token;
      const form = new FormData();
      for (const f of notesZip("停止")) form.append("file", new File([f.bytes], f.name));
      const { jobId } = (await (await api("/api/import", { method: "POST", body: form })).json()).data;
      const release = await lockChunks(db);
      try {
        await api(`/api/import/${jobId}/start`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        });
        await until(async () => (await waitingReaders({ db })) === 1);
        const stopping = Date.now();
        const code = await Promise.race([stopChild(child), sleep(10_000).then(() => "still running")]);
        expect(code).toBe(0);
        expect(Date.now() - stopping).toBeLessThan(10_000);
      } finally {
        await release();
      }
      const { rows } = await db.query(
        "SELECT status, lease_until <= now() AS free FROM import_jobs WHERE id = $1",
        [jobId],
      );
      expect(rows[0]).toEqual({ status: "running", free: true });
    } finally {
      killAllChildren();
      await db.end();
      await database.drop();
    }
  }, 30_000);
});
