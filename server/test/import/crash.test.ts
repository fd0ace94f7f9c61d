import { strToU8, zipSync } from "fflate";
import { afterAll, expect, it } from "vitest";
import { makeImage } from "../attachments/helpers.ts";
import {
  type ChildServer,
  freshDatabase,
  killAllChildren,
  killGroup,
  startChildServer,
  stopChild,
} from "../child-server.ts";
import { onOneDatabase, PASSWORD, uniqueAccount } from "../helpers.ts";
import { flomoMemos, flomoPage } from "./flomo-fixture.ts";

const NOTES = 1000;
/** A killed server's job is resumed once its lease expires: soon, here. */
const LEASE_1S = { import: { leaseMs: 1000 } };

const api = (child: ChildServer, token: string, path: string, init: RequestInit = {}) =>
  fetch(`${child.base}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

onOneDatabase((ctx) => {
  afterAll(() => killAllChildren());

  it("a server killed during a large import resumes it after a restart: every note once, none half-imported", async () => {
    const database = await freshDatabase(ctx, "import_crash");
    const env = { DATABASE_URL: database.url, RATE_UPLOADS: "0" };
    try {
      let child = await startChildServer(env, LEASE_1S);
      const registered = await fetch(`${child.base}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ account: uniqueAccount(), password: PASSWORD, agreeTerms: true }),
      });
      const token: string = (await registered.json()).data.token;
      const files: Record<string, Uint8Array> = {};
      for (let i = 0; i < NOTES; i++)
        files[`笔记/${i}.md`] = strToU8(`第 ${i} 条笔记 #崩溃测试\n${"内容".repeat(50)}`);
      const form = new FormData();
      form.set("file", new File([zipSync(files)], "notes.zip"));
      const created = await api(child, token, "/api/import", { method: "POST", body: form });
      expect(created.status).toBe(201);
      const { jobId } = (await created.json()).data;
      await api(child, token, `/api/import/${jobId}/start`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      // killed once some batches are written, long before the last
      let done = 0;
      while (done === 0) {
        done = (await (await api(child, token, `/api/import/${jobId}`)).json()).data.done;
      }
      await killGroup(child);
      expect(done).toBeLessThan(NOTES);

      child = await startChildServer(env, LEASE_1S);
      let status = "running";
      for (let i = 0; i < 600 && status === "running"; i++) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await (await api(child, token, `/api/import/${jobId}`)).json()).data.status;
      }
      expect(status).toBe("done");
      const final = (await (await api(child, token, `/api/import/${jobId}`)).json()).data;
      expect(final).toMatchObject({ done: NOTES, total: NOTES, imported: { notes: NOTES }, skipped: 0 });
      const { Client } = await import("pg");
      const db = new Client({ connectionString: database.url });
      await db.connect();
      try {
        const { rows } = await db.query(
          "SELECT count(*)::int AS n, count(DISTINCT title)::int AS titles FROM notes WHERE import_job_id = $1",
          [jobId],
        );
        expect(rows[0]).toEqual({ n: NOTES, titles: NOTES });
        const usage = await db.query(
          "SELECT items FROM user_usage u JOIN import_jobs j ON j.user_id = u.user_id WHERE j.id = $1",
          [jobId],
        );
        expect(usage.rows[0].items).toBe(NOTES);
        const chunks = await db.query("SELECT count(*)::int AS n FROM import_chunks WHERE job_id = $1", [
          jobId,
        ]);
        expect(chunks.rows[0].n).toBe(0);
      } finally {
        await db.end();
      }
      expect(await stopChild(child)).toBe(0);
    } finally {
      killAllChildren();
      await database.drop();
    }
  }, 60_000);
  it("a server killed while it imports images resumes: every memo's image once, none without its idea", async () => {
    const database = await freshDatabase(ctx, "import_crash_images");
    const env = { DATABASE_URL: database.url, RATE_UPLOADS: "0" };
    const MEMOS = 120;
    try {
      let child = await startChildServer(env, LEASE_1S);
      const registered = await fetch(`${child.base}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ account: uniqueAccount(), password: PASSWORD, agreeTerms: true }),
      });
      const token: string = (await registered.json()).data.token;
      const memos = flomoMemos(MEMOS).map((m, i) => ({ ...m, images: [`file/${i}.png`] }));
      const files: Record<string, Uint8Array> = { "flomo/index.html": strToU8(flomoPage(memos)) };
      // each image its own size: a repeated one could not hide a missing one
      for (let i = 0; i < MEMOS; i++)
        files[`flomo/file/${i}.png`] = await makeImage("png", { width: 40 + i });
      const form = new FormData();
      form.set("file", new File([zipSync(files)], "flomo.zip"));
      const created = await api(child, token, "/api/import", { method: "POST", body: form });
      expect(created.status).toBe(201);
      const { jobId } = (await created.json()).data;
      await api(child, token, `/api/import/${jobId}/start`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      let done = 0;
      while (done === 0) {
        done = (await (await api(child, token, `/api/import/${jobId}`)).json()).data.done;
      }
      await killGroup(child);
      const total = MEMOS * 2; // an idea and its image each
      expect(done).toBeLessThan(total);

      child = await startChildServer(env, LEASE_1S);
      let status = "running";
      for (let i = 0; i < 1200 && status === "running"; i++) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await (await api(child, token, `/api/import/${jobId}`)).json()).data.status;
      }
      const final = (await (await api(child, token, `/api/import/${jobId}`)).json()).data;
      expect(final).toMatchObject({ status: "done", done: total, imported: { ideas: MEMOS }, refused: [] });
      const { Client } = await import("pg");
      const db = new Client({ connectionString: database.url });
      await db.connect();
      try {
        const { rows } = await db.query(
          `SELECT count(*)::int AS files, count(DISTINCT a.item_id)::int AS ideas,
             count(*) FILTER (WHERE i.id IS NULL)::int AS orphans
           FROM attachments a LEFT JOIN ideas i ON i.id = a.item_id
           WHERE a.user_id = (SELECT user_id FROM import_jobs WHERE id = $1)`,
          [jobId],
        );
        expect(rows[0]).toEqual({ files: MEMOS, ideas: MEMOS, orphans: 0 });
      } finally {
        await db.end();
      }
      expect(await stopChild(child)).toBe(0);
    } finally {
      killAllChildren();
      await database.drop();
    }
  }, 120_000);
});
