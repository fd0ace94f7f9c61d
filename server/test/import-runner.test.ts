import { randomUUID } from "node:crypto";
import { strToU8, zipSync } from "fflate";
import { afterAll, expect, it } from "vitest";
import { loadConfig } from "../src/env.ts";
import { createBackgroundWork } from "../src/lib/background-work.ts";
import { createLogger } from "../src/logger.ts";
import { resumeOrphanedImports } from "../src/services/import/import-thread.ts";
import { cancelImport } from "../src/services/import/jobs.ts";
import { claimExpiredJobs } from "../src/stores/import-jobs.ts";
import { freshDatabase, killAllChildren, startChildServer, stopChild } from "./child-server.ts";
import { onOneDatabase, PASSWORD, registerUser, request, type TestCtx, uniqueAccount } from "./helpers.ts";
import { previewed, settled } from "./import-helpers.ts";

/**
 * An import's runner is supervised from outside its thread (issue 30, faults 1 and 5). A runner is
 * made slow by holding import_chunks locked: its reading of the upload waits, outside any batch,
 * as a slow importer's would (a 58 MB memos file took 78 s per read).
 */
const NOTES = 250; // two batches

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

/** Connections of import runners waiting to read an upload (each runner has its own). */
async function waitingReaders(ctx: { db: Pick<TestCtx["db"], "query"> }): Promise<number> {
  const { rows } = await ctx.db.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
       AND wait_event_type = 'Lock' AND query LIKE 'SELECT substring(data%import_chunks%'`,
  );
  return rows[0].n;
}

/** Connections of import batches waiting for an account's usage row. */
async function waitingWriters(ctx: TestCtx): Promise<number> {
  const { rows } = await ctx.db.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
       AND wait_event_type = 'Lock' AND query LIKE 'SELECT items, bytes FROM user_usage%'`,
  );
  return rows[0].n;
}

async function until(check: () => Promise<boolean>, ms = 5000) {
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

    it("a slow runner keeps its lease, is never run twice, and stops at once when the job is taken over", async () => {
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
        await ctx.db.query("UPDATE import_jobs SET lease_until = now() - interval '1 second' WHERE id = $1", [
          jobId,
        ]);
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
      const notes = await ctx.db.query("SELECT count(*)::int AS n FROM notes WHERE user_id = $1", [user.id]);
      expect(notes.rows[0].n).toBe(NOTES);
    }, 15_000);

    it("a job cancelled in another process has its runner ended at its next renewal, its open batch not waited for", async () => {
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
    }, 15_000);

    it("runs at most IMPORT_MAX_JOBS at once: the next is shown queued, unleased, and runs when a place frees", async () => {
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
    }, 15_000);
  },
  { IMPORT_LEASE: "3s", IMPORT_MAX_JOBS: "1", RATE_UPLOADS: "0" },
);

onOneDatabase(
  (ctx) => {
    it("a batch over its time budget is ended from outside: the job fails, rolled back, saying why", async () => {
      const user = await registerUser(ctx);
      const { jobId } = await previewed(ctx, user, notesZip("超时"));
      // the first batch waits for the account's usage row, its transaction open, for as long as it is held
      const holder = await ctx.db.connect();
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM user_usage WHERE user_id = $1 FOR UPDATE", [user.id]);
      try {
        expect((await start(ctx, user.token, jobId)).status).toBe(200);
        // ended, its connection gone (within a second of its end), while the batch would still wait
        await sleep(2500);
        expect(await waitingWriters(ctx)).toBe(0);
      } finally {
        await holder.query("COMMIT");
        holder.release();
      }
      const final = await settled(ctx, user, jobId);
      expect(final.status).toBe("failed");
      expect(final.error).toBe(
        "导入失败，已撤回本次导入的内容：有一批内容用时超过了上限（0.3 秒），请把文件分成几份再导入",
      );
      const notes = await ctx.db.query("SELECT count(*)::int AS n FROM notes WHERE user_id = $1", [user.id]);
      expect(notes.rows[0].n).toBe(0);
    }, 15_000);
  },
  { IMPORT_BATCH_TIMEOUT: "300ms", RATE_UPLOADS: "0" },
);

onOneDatabase(
  (ctx) => {
    it("a job cancelled in its process has its runner ended at once, not at its next batch", async () => {
      const user = await registerUser(ctx);
      const { jobId } = await previewed(ctx, user, notesZip("取消"));
      const release = await lockChunks(ctx.db);
      let cancelled: ReturnType<typeof request<"cancelImport">> | undefined;
      try {
        expect((await start(ctx, user.token, jobId)).status).toBe(200);
        await until(async () => (await waitingReaders(ctx)) === 1);
        cancelled = request(ctx, "cancelImport", { token: user.token, params: { id: jobId } });
        // long before its next renewal (a third of the 30 s lease) would notice
        await until(async () => (await waitingReaders(ctx)) === 0);
      } finally {
        await release();
      }
      expect((await cancelled)?.body.data).toMatchObject({ status: "cancelled", done: 0 });
    }, 15_000);

    it("a preview over its deadline is ended and answered in Chinese; its place is free again", async () => {
      const user = await registerUser(ctx);
      // storing the upload waits; the quota's reading of stored uploads does not
      const release = await lockChunks(ctx.db, "SHARE");
      const answer = upload(ctx, user.token, notesZip("预览"));
      await sleep(2500);
      await release();
      const res = await answer;
      expect(res.status).toBe(413);
      expect(res.body.message).toBe("读取这个文件超过了 1 秒，已停止：请把文件分成几份再导入");
      const jobs = await ctx.db.query("SELECT count(*)::int AS n FROM import_jobs WHERE user_id = $1", [
        user.id,
      ]);
      expect(jobs.rows[0].n).toBe(0);
      // the upload's place was given back: the next one is read (small enough for the deadline)
      const small = {
        name: "小.zip",
        bytes: zipSync({ "笔记/1.md": strToU8("一条") }) as Uint8Array<ArrayBuffer>,
      };
      expect((await upload(ctx, user.token, [small])).status).toBe(201);
    }, 15_000);
  },
  { IMPORT_PREVIEW_TIMEOUT: "1s", RATE_UPLOADS: "0" },
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
    const budgetFailure =
      "导入失败，已撤回本次导入的内容：导入用时超过了上限（3 秒），请把文件分成几份再导入";

    it("a job over its whole time budget is ended from outside, though no batch overran: failed, rolled back", async () => {
      const user = await registerUser(ctx);
      const { jobId } = await previewed(ctx, user, notesZip("总时"));
      const release = await lockChunks(ctx.db);
      try {
        expect((await start(ctx, user.token, jobId)).status).toBe(200);
        await until(async () => (await waitingReaders(ctx)) === 1);
        // the reading waits on the lock for as long as it is held: only the job's budget ends it
        await until(async () => (await waitingReaders(ctx)) === 0, 8000);
      } finally {
        await release();
      }
      expect(await settled(ctx, user, jobId)).toMatchObject({ status: "failed", error: budgetFailure });
      const notes = await ctx.db.query("SELECT count(*)::int AS n FROM notes WHERE user_id = $1", [user.id]);
      expect(notes.rows[0].n).toBe(0);
    }, 15_000);

    it("a resumed job's budget counts from when it was first taken, not from the resume", async () => {
      const user = await registerUser(ctx);
      const { jobId } = await previewed(ctx, user, notesZip("续时"));
      // a job some process took long ago, then died: its lease ran out
      await ctx.db.query(
        `UPDATE import_jobs SET status = 'running', lease_owner = gen_random_uuid(),
           lease_until = now() - interval '1 second', started_at = now() - interval '1 hour' WHERE id = $1`,
        [jobId],
      );
      const resumed = Date.now();
      expect(await resumeOrphanedImports(deps())).toBe(1);
      // at once: a budget started again would let it finish (250 notes), or end it only after 3 s
      await until(async () => (await jobStatus(jobId)) !== "running");
      expect(Date.now() - resumed).toBeLessThan(2500);
      expect(await settled(ctx, user, jobId)).toMatchObject({ status: "failed", error: budgetFailure });
    }, 15_000);

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

    const jobStatus = async (id: string) =>
      (await ctx.db.query("SELECT status FROM import_jobs WHERE id = $1", [id])).rows[0].status;
    const job = async (id: string) =>
      (await ctx.db.query("SELECT lease_owner FROM import_jobs WHERE id = $1", [id])).rows[0];
  },
  { IMPORT_JOB_TIMEOUT: "3s", RATE_UPLOADS: "0" },
);

onOneDatabase(
  (ctx) => {
    it("a resume's skipping of records already done is no batch: a large job resumed near its end finishes", async () => {
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
      const notes = await ctx.db.query("SELECT count(*)::int AS n FROM notes WHERE user_id = $1", [user.id]);
      expect(notes.rows[0].n).toBe(10);
    }, 60_000);
  },
  { IMPORT_BATCH_TIMEOUT: "1500ms", RATE_UPLOADS: "0" },
);

/** Enough records that skipping them all takes well over the 1.5 s batch budget (such a resume failed before), 200 of them far less. */
const SKIPPED = 12_000;

it("an import timer is at most a day: setTimeout would fire at once past 2^31 - 1 ms", () => {
  for (const name of [
    "IMPORT_JOB_TIMEOUT",
    "IMPORT_BATCH_TIMEOUT",
    "IMPORT_PREVIEW_TIMEOUT",
    "IMPORT_LEASE",
  ]) {
    expect(() => loadConfig({ [name]: "25d" })).toThrow(new RegExp(name));
    expect(() => loadConfig({ [name]: "24h" })).not.toThrow();
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
