import { strToU8, zipSync } from "fflate";
import { expect, it } from "vitest";
import { IMPORT_THREAD_LIMITS } from "../../src/import/import-thread.ts";
import { onOneDatabase, registerUser, request } from "../helpers.ts";
import { arrivingUpload, imported, jobsOf, previewed, settled, upload, uploading } from "./helpers.ts";

onOneDatabase(
  (ctx) => {
    it("refuses an upload of more records than IMPORT_MAX_RECORDS, naming the limit, and keeps nothing", async () => {
      const user = await registerUser(ctx);
      const notes = (n: number) => [
        {
          name: "笔记.zip",
          bytes: zipSync(
            Object.fromEntries(Array.from({ length: n }, (_, i) => [`${i}.md`, strToU8(`第${i}条`)])),
          ),
        },
      ];
      const over = await upload(ctx, user, notes(111));
      expect(over.status).toBe(413);
      expect(over.body.message).toBe("一次最多导入 110 条记录，请把文件分成几份再导入");
      expect(await jobsOf(ctx, user)).toEqual([]);
      expect((await upload(ctx, user, notes(110))).status).toBe(201);
    });

    it("a user has one unstarted upload: a new one replaces the preview, and waits (409) for one arriving", async () => {
      const user = await registerUser(ctx);
      const first = await previewed(ctx, user, [{ name: "a.md", bytes: "第一份" }]);
      const second = await previewed(ctx, user, [{ name: "b.md", bytes: "第二份" }]);
      expect(
        (await request(ctx, "getImport", { token: user.token, params: { id: first.jobId } })).status,
      ).toBe(404);
      expect(await jobsOf(ctx, user)).toMatchObject([{ status: "previewed", chunks: 1 }]);
      // an upload refused changes nothing: the preview stays
      const unknown = await upload(ctx, user, [
        { name: "x.bin", bytes: new Uint8Array(4096).map((_, i) => (i * 7919) % 256) },
      ]);
      expect(unknown.status).toBe(415);
      expect(await jobsOf(ctx, user)).toMatchObject([{ status: "previewed", chunks: 1 }]);

      const arriving = arrivingUpload(ctx, user, "c.md", "第三份");
      await uploading(ctx, user);
      const meanwhile = await upload(ctx, user, [{ name: "d.md", bytes: "第四份" }]);
      expect(meanwhile.status).toBe(409);
      expect(meanwhile.body.message).toBe("已有一个文件正在上传，请等它完成后再试");
      expect((await arriving.finish()).status).toBe(201);
      // the preview it replaced is gone with its chunks
      expect(
        (await request(ctx, "getImport", { token: user.token, params: { id: second.jobId } })).status,
      ).toBe(404);
      expect(await jobsOf(ctx, user)).toMatchObject([{ status: "previewed", chunks: 1 }]);
    });

    it("at most two uploads arrive at once in a process: a third is answered 503 with Retry-After", async () => {
      const [a, b, c] = [await registerUser(ctx), await registerUser(ctx), await registerUser(ctx)];
      const first = arrivingUpload(ctx, a, "a.md", "甲");
      await uploading(ctx, a);
      const second = arrivingUpload(ctx, b, "b.md", "乙");
      await uploading(ctx, b);
      const third = await upload(ctx, c, [{ name: "c.md", bytes: "丙" }]);
      expect(third.status).toBe(503);
      expect(third.body.message).toBe("导入繁忙，请稍后再试");
      expect(third.headers.get("retry-after")).toBe("30");
      expect(await jobsOf(ctx, c)).toEqual([]);
      expect([(await first.finish()).status, (await second.finish()).status]).toEqual([201, 201]);
      expect((await upload(ctx, c, [{ name: "c.md", bytes: "丙" }])).status).toBe(201);
    });

    it("a job whose thread dies (out of its memory) is rolled back whole, and says so", async () => {
      const user = await registerUser(ctx);
      const notes = Object.fromEntries(
        Array.from({ length: 5 }, (_, i) => [`${i}.md`, strToU8(`笔记 ${i}`)]),
      );
      const { jobId } = await previewed(ctx, user, [{ name: "笔记.zip", bytes: zipSync(notes) }]);
      const limits = { ...IMPORT_THREAD_LIMITS };
      // a heap too small for the importers' modules: the job's thread dies before its first batch
      IMPORT_THREAD_LIMITS.maxOldGenerationSizeMb = 8;
      try {
        const start = await request(ctx, "startImport", {
          token: user.token,
          params: { id: jobId },
          body: {},
        });
        expect(start.status).toBe(200);
        const status = await settled(ctx, user, jobId);
        expect(status.status).toBe("failed");
        expect(status.error).toBe("导入失败，已撤回本次导入的内容：导入过程意外中止");
        expect(status.imported).toEqual({ ideas: 0, notes: 0, conversations: 0 });
      } finally {
        Object.assign(IMPORT_THREAD_LIMITS, limits);
      }
      const left = await ctx.db.query("SELECT 1 FROM notes WHERE user_id = $1", [user.id]);
      expect(left.rows).toEqual([]);
      expect(await jobsOf(ctx, user)).toMatchObject([{ status: "failed", chunks: 0 }]);
    });

    it("counts every refusal, listing the first 100", async () => {
      const user = await registerUser(ctx);
      const broken = Object.fromEntries(
        Array.from({ length: 105 }, (_, i) => [`坏${i}.md`, strToU8("---\ntitle: 没有结束的属性区\n")]),
      );
      const { status } = await imported(ctx, user, [{ name: "坏.zip", bytes: zipSync(broken) }]);
      expect(status.refused).toHaveLength(100);
      expect(status.refusedCount).toBe(105);
    });
  },
  {},
  { import: { maxRecords: 110 } },
);
