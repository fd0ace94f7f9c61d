import { Readable } from "node:stream";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { purgeExpiredImports } from "../../src/import/jobs.store.ts";
import { markdownImporter } from "../../src/import/markdown.ts";
import type { ImportRecord } from "../../src/import/records.ts";
import { call, onOneDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";
import { flomoMemos, flomoPage } from "./flomo-fixture.ts";
import { imported, previewed, settled, upload } from "./helpers.ts";

const withFrontMatter = `---
title: 陶艺课笔记
tags: [陶艺, 手作/陶瓷]
created: 2024-03-05 09:30
---

拉坯要稳 #练习 每天一小时。`;
const plain = "第一次上釉\n\n釉色比想象的深 #陶艺 #上釉";
const malformed = `---
title: 坏掉的
tags: [没有结束
---
正文`;

const notesOf = async (ctx: TestCtx, user: TestUser) =>
  (
    await ctx.db.query(
      `SELECT title, content, tags, created_at, updated_at, import_job_id FROM notes WHERE user_id = $1 ORDER BY title`,
      [user.id],
    )
  ).rows;

const notesZip = () =>
  zipSync({
    "笔记/陶艺课.md": strToU8(withFrontMatter),
    "笔记/第一次上釉.md": strToU8(plain),
    "笔记/坏掉的.md": strToU8(malformed),
    "__MACOSX/._陶艺课.md": new Uint8Array([0, 5, 22, 7, 0, 2, 0, 0]),
  });

describe("Markdown front matter", () => {
  it("an alias bomb in one file's front matter refuses that file by name and line, and the others are read", async () => {
    const bomb = ["---", "a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (const n of ["b", "c", "d", "e", "f", "g", "h"]) {
      const prev = bomb.length === 2 ? "a" : String.fromCharCode(n.charCodeAt(0) - 1);
      bomb.push(`${n}: &${n} [${Array(10).fill(`*${prev}`).join(", ")}]`);
    }
    bomb.push("---", "正文");
    const files = { "炸弹.md": bomb.join("\n"), "好的.md": plain };
    const records: ImportRecord[] = [];
    const source = {
      files: Object.entries(files).map(([name, text]) => ({
        name,
        size: Buffer.byteLength(text),
        open: async () => Readable.from([Buffer.from(text)]),
      })),
    };
    for await (const r of markdownImporter.read(source)) records.push(r);
    expect(records.map((r) => r.type)).toEqual(["refused", "note"]);
    expect(records[0]).toEqual({
      type: "refused",
      item: "「炸弹.md」第 2 行",
      message: "文件开头的属性区（front matter）中别名引用过多，无法读取",
    });
  });
});

describe("a 拾念 export's Markdown files", () => {
  const read = async (files: Record<string, string>) => {
    const records: ImportRecord[] = [];
    const source = {
      files: Object.entries(files).map(([name, text]) => ({
        name,
        size: Buffer.byteLength(text),
        open: async () => Readable.from([Buffer.from(text)]),
      })),
    };
    for await (const r of markdownImporter.read(source)) records.push(r);
    return records;
  };
  const head = (created: string, updated: string) =>
    `---\nid: 5f3a9c1e-0000-4000-8000-000000000001\ntitle: "读书笔记"\ntags: ["读书"]\ncreated: ${created}\nupdated: ${updated}\nsourceIdeaIds: []\n---\n`;

  it("are read at the same instants whether their times are Beijing time (+08:00, now) or UTC (older exports)", async () => {
    const records = await read({
      "notes/2026-03-02_读书笔记_5f3a9c1e.md": `${head("2026-03-02T23:30:00+08:00", "2026-03-03T09:02:03+08:00")}内容`,
      "old/notes/2026-03-02_读书笔记_5f3a9c1e.md": `${head("2026-03-02T15:30:00.000Z", "2026-03-03T01:02:03.000Z")}内容`,
    });
    expect(records).toHaveLength(2);
    for (const r of records) {
      expect(r).toMatchObject({
        type: "note",
        title: "读书笔记",
        content: "内容",
        tags: ["读书"],
        createdAt: new Date("2026-03-02T15:30:00Z"),
        updatedAt: new Date("2026-03-03T01:02:03Z"),
      });
    }
  });
});

onOneDatabase((ctx) => {
  describe("Markdown import", () => {
    it("a zip of .md files becomes notes, titled, tagged and dated from front matter; a malformed file is refused by name and line", async () => {
      const user = await registerUser(ctx);
      const created = await previewed(ctx, user, [{ name: "任意名字.bin", bytes: notesZip() }]);
      expect(created.kind).toBe("markdown");
      expect(created.preview).toMatchObject({ ideas: 0, notes: 2, conversations: 0, duplicates: 0 });
      expect(created.preview.from).toBe("2024-03-05");

      const status = await request(ctx, "getImport", { token: user.token, params: { id: created.jobId } });
      expect(status.body.data).toMatchObject({ status: "previewed", total: 3, done: 0 });
      const start = await request(ctx, "startImport", {
        token: user.token,
        params: { id: created.jobId },
        body: {},
      });
      expect(start.status).toBe(200);
      const done = await settled(ctx, user, created.jobId);
      expect(done).toMatchObject({
        status: "done",
        total: 3,
        done: 3,
        imported: { ideas: 0, notes: 2, conversations: 0 },
      });
      expect(done.refused).toEqual([
        { item: "「笔记/坏掉的.md」第 3 行", message: expect.stringMatching(/front matter/) },
      ]);

      const notes = await notesOf(ctx, user);
      expect(notes.map((n) => n.title)).toEqual(["第一次上釉", "陶艺课笔记"]);
      expect(notes[1]).toMatchObject({
        content: "拉坯要稳 #练习 每天一小时。",
        tags: ["陶艺", "手作/陶瓷", "练习"],
      });
      expect(notes[1].created_at.toISOString()).toBe("2024-03-05T01:30:00.000Z");
      expect(notes[1].updated_at.toISOString()).toBe("2024-03-05T01:30:00.000Z");
      expect(notes[0].tags).toEqual(["陶艺", "上釉"]);
      expect(notes.every((n) => n.import_job_id === created.jobId)).toBe(true);

      // searchable at once
      const found = await request(ctx, "search", { token: user.token, query: { q: "拉坯" } });
      expect(found.status).toBe(200);
      expect(JSON.stringify(found.body.data)).toContain("陶艺课笔记");
    });

    it("several uploaded files are one import; importing them again changes nothing, and merges into an account with data", async () => {
      const user = await registerUser(ctx);
      await request(ctx, "createNote", {
        token: user.token,
        body: { title: "已有的笔记", content: "原来就有" },
      });
      const files = [
        { name: "陶艺课.md", bytes: withFrontMatter },
        { name: "第一次上釉.md", bytes: plain },
      ];
      const first = await imported(ctx, user, files);
      expect(first.status.imported.notes).toBe(2);
      const before = await notesOf(ctx, user);
      expect(before).toHaveLength(3);

      // the same files again, this time inside a zip: all duplicates
      const again = await previewed(ctx, user, [{ name: "again.zip", bytes: notesZip() }]);
      expect(again.preview).toMatchObject({ notes: 2, duplicates: 2 });
      const start = await request(ctx, "startImport", {
        token: user.token,
        params: { id: again.jobId },
        body: {},
      });
      expect(start.status).toBe(200);
      const second = await settled(ctx, user, again.jobId);
      expect(second).toMatchObject({ status: "done", imported: { notes: 0 }, skipped: 2 });
      expect(await notesOf(ctx, user)).toEqual(before);
    });

    it("a zip stored across several chunks is read whole, whatever pieces its upload arrived in", async () => {
      const user = await registerUser(ctx);
      const files: Record<string, Uint8Array> = {};
      // incompressible text, stored: 30 files of ~100 KB make a zip of three 1 MB chunks
      for (let i = 0; i < 30; i++) {
        files[`长文/${i}.md`] = strToU8(
          Array.from({ length: 25_000 }, (_, k) => ((k * 7919 + i) % 9973).toString(36)).join(" "),
        );
      }
      const zip = zipSync(files, { level: 0 });
      expect(zip.length).toBeGreaterThan(2.5 * 1024 * 1024);
      const created = await previewed(ctx, user, [{ name: "long.zip", bytes: zip }]);
      expect(created.preview.notes).toBe(30);
    });

    it("a zip entry over 1 MB (a flomo page) streams from the stored chunks, deflated or stored", async () => {
      const user = await registerUser(ctx);
      const memos = flomoMemos(5000);
      const html = strToU8(flomoPage(memos));
      expect(html.length).toBeGreaterThan(1024 * 1024);
      for (const level of [6, 0] as const) {
        const zip = zipSync({ "flomo/index.html": [html, { level }] });
        const created = await previewed(ctx, user, [{ name: `flomo-${level}.zip`, bytes: zip }]);
        expect(created.kind).toBe("flomo");
        expect(created.preview.ideas).toBe(memos.length);
      }
    });

    it("a cancelled import is rolled back whole, even after it finished; a preview can be cancelled too", async () => {
      const user = await registerUser(ctx);
      const { jobId } = await imported(ctx, user, [{ name: "a.md", bytes: plain }]);
      expect(await notesOf(ctx, user)).toHaveLength(1);
      const cancel = await request(ctx, "cancelImport", { token: user.token, params: { id: jobId } });
      expect(cancel.status).toBe(200);
      expect(cancel.body.data.status).toBe("cancelled");
      expect(await notesOf(ctx, user)).toHaveLength(0);
      const usage = await request(ctx, "getUsage", { token: user.token });
      expect(usage.body.data.items).toBe(0);
      // the same file imports again afterwards: its keys went with the cancelled job
      expect((await imported(ctx, user, [{ name: "a.md", bytes: plain }])).status.imported.notes).toBe(1);

      const waiting = await previewed(ctx, user, [{ name: "b.md", bytes: withFrontMatter }]);
      expect(
        (await request(ctx, "cancelImport", { token: user.token, params: { id: waiting.jobId } })).status,
      ).toBe(200);
      const start = await request(ctx, "startImport", {
        token: user.token,
        params: { id: waiting.jobId },
        body: {},
      });
      expect(start.status).toBe(409);
    });

    it("a preview not started within a day is swept away with its chunks", async () => {
      const user = await registerUser(ctx);
      const { jobId } = await previewed(ctx, user, [{ name: "a.md", bytes: plain }]);
      const chunks = "SELECT count(*)::int AS n FROM import_chunks WHERE job_id = $1";
      expect((await ctx.db.query(chunks, [jobId])).rows[0].n).toBe(1);
      await purgeExpiredImports(ctx.db);
      expect((await request(ctx, "getImport", { token: user.token, params: { id: jobId } })).status).toBe(
        200,
      );
      await ctx.db.query("UPDATE import_jobs SET expires_at = now() - interval '1 second' WHERE id = $1", [
        jobId,
      ]);
      await purgeExpiredImports(ctx.db);
      expect((await request(ctx, "getImport", { token: user.token, params: { id: jobId } })).status).toBe(
        404,
      );
      expect((await ctx.db.query(chunks, [jobId])).rows[0].n).toBe(0);
    });

    it("another user's job answers 404 to every call; a started job cannot start again (409); a running import blocks another upload (409)", async () => {
      const owner = await registerUser(ctx);
      const other = await registerUser(ctx);
      const { jobId } = await previewed(ctx, owner, [{ name: "a.md", bytes: plain }]);
      for (const name of ["getImport", "cancelImport"] as const) {
        expect((await request(ctx, name, { token: other.token, params: { id: jobId } })).status).toBe(404);
      }
      expect(
        (await request(ctx, "startImport", { token: other.token, params: { id: jobId }, body: {} })).status,
      ).toBe(404);
      expect(await notesOf(ctx, owner)).toHaveLength(0);

      expect(
        (await request(ctx, "startImport", { token: owner.token, params: { id: jobId }, body: {} })).status,
      ).toBe(200);
      expect(
        (await request(ctx, "startImport", { token: owner.token, params: { id: jobId }, body: {} })).status,
      ).toBe(409);
      await settled(ctx, owner, jobId);

      // a job left running (as by a process that is still at it)
      const { jobId: held } = await previewed(ctx, owner, [{ name: "b.md", bytes: withFrontMatter }]);
      await ctx.db.query(
        "UPDATE import_jobs SET status = 'running', lease_until = now() + interval '1 hour' WHERE id = $1",
        [held],
      );
      const busy = await upload(ctx, owner, [{ name: "c.md", bytes: "再来一个" }]);
      expect(busy.status).toBe(409);
      expect(busy.body.message).toMatch(/导入正在进行/);
    });

    it("answers 415 for what no importer reads, 400 for a damaged database, and refuses a zip bomb and a zip that climbs out of its folder", async () => {
      const user = await registerUser(ctx);
      const binary = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
      const unknown = await upload(ctx, user, [{ name: "notes.md", bytes: binary }]);
      expect(unknown.status).toBe(415);
      expect(unknown.body.message).toMatch(/无法识别/);
      const damaged = await upload(ctx, user, [
        { name: "memos_prod.db", bytes: `SQLite format 3\0${"坏".repeat(2000)}` },
      ]);
      expect(damaged.status).toBe(400);
      expect(damaged.body.message).toBe(
        "「memos_prod.db」是 SQLite 数据库文件，但无法打开，可能已经损坏，请确认文件完整后重试",
      );

      const bomb = zipSync({ "bomb.md": new Uint8Array(4 * 1024 * 1024) }, { level: 6 });
      const refusedBomb = await upload(ctx, user, [{ name: "bomb.zip", bytes: bomb }]);
      expect(refusedBomb.status).toBe(400);
      expect(refusedBomb.body.message).toMatch(/压缩炸弹/);

      const climbing = zipSync({ "../../etc/evil.md": strToU8("# evil") });
      const refusedPath = await upload(ctx, user, [{ name: "evil.zip", bytes: climbing }]);
      expect(refusedPath.status).toBe(400);
      expect(refusedPath.body.message).toMatch(/不安全的文件名/);

      const nothing = await call(ctx, "POST", "/api/import", { token: user.token, body: { file: "x" } });
      expect(nothing.status).toBe(415);
      const { rows } = await ctx.db.query("SELECT count(*)::int AS n FROM import_jobs WHERE user_id = $1", [
        user.id,
      ]);
      expect(rows[0].n).toBe(0); // refused uploads leave no job and no chunks
    });
  });
});

onOneDatabase(
  (ctx) => {
    describe("Markdown import limits", () => {
      it("413 from Content-Length before reading, and while streaming a body without one", async () => {
        const user = await registerUser(ctx);
        const declared = await call(ctx, "POST", "/api/import", {
          token: user.token,
          headers: {
            "content-type": "multipart/form-data; boundary=x",
            "content-length": String(3 * 1024 * 1024),
          },
          raw: "--x\r\n",
        });
        expect(declared.status).toBe(413);
        const big = await upload(ctx, user, [{ name: "big.md", bytes: "长".repeat(40_000) }]);
        expect(big.status).toBe(413);
        expect(big.body.message).toMatch(/不能超过/);
        const { rows } = await ctx.db.query("SELECT count(*)::int AS n FROM import_jobs WHERE user_id = $1", [
          user.id,
        ]);
        expect(rows[0].n).toBe(0); // nor any chunk: they go with their job
      });

      it("413 as soon as the file passes the limit, while the rest of the body has not arrived", async () => {
        const user = await registerUser(ctx);
        let controller!: ReadableStreamDefaultController<Uint8Array>;
        const body = new ReadableStream<Uint8Array>({
          start(c) {
            controller = c;
          },
        });
        controller.enqueue(
          strToU8(
            '--x\r\nContent-Disposition: form-data; name="file"; filename="big.md"\r\n' +
              `Content-Type: text/markdown\r\n\r\n${"长".repeat(40_000)}`,
          ),
        );
        const res = await ctx.app.request("/api/import", {
          method: "POST",
          headers: {
            authorization: `Bearer ${user.token}`,
            "content-type": "multipart/form-data; boundary=x",
          },
          body,
          duplex: "half",
        } as RequestInit);
        expect(res.status).toBe(413);
        const { rows } = await ctx.db.query("SELECT count(*)::int AS n FROM import_jobs WHERE user_id = $1", [
          user.id,
        ]);
        expect(rows[0].n).toBe(0);
      });

      it("imports up to the quota, and refuses the rest with the quota's message", async () => {
        const user = await registerUser(ctx);
        await request(ctx, "createNote", { token: user.token, body: { title: "已有", content: "一条" } });
        const files = ["一", "二", "三", "四"].map((n) => ({ name: `${n}.md`, bytes: `第${n}条` }));
        const { status } = await imported(ctx, user, files);
        expect(status.imported.notes).toBe(2);
        expect(status.refused).toHaveLength(2);
        expect(status.refused[0]!.message).toMatch(/已存满 3 条/);
        expect((await request(ctx, "getUsage", { token: user.token })).body.data.items).toBe(3);
      });
    });
  },
  { QUOTA_ITEMS: "3" },
  { import: { maxBytes: 64 * 1024 } },
);
