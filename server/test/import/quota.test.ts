// A stored upload counts toward the account's QUOTA_BYTES while it arrives, waits and runs (issue
// 30 §8): a full account cannot park IMPORT_MAX_BYTES on the server, nor fill its room with
// pictures meanwhile, nor hold the room twice with a preview and a new upload.
import { expect, it } from "vitest";
import { makeWav, uploadFile } from "../attachments/helpers.ts";
import { onOneDatabase, registerUser, request } from "../helpers.ts";
import { arrivingUpload, jobsOf, previewed, upload, uploading } from "./helpers.ts";

const notes = (kb: number) => `# 笔记\n\n${"记".repeat(Math.round((kb * 1024) / 3))}\n`;
/** A recording of ~16 KB: a file an account adds beside its import. */
const recording = () => makeWav(1000);
const pastRoom =
  /^导入的文件超过了剩余的存储空间（[\d.]+ KB）：文件在导入完成前也占用存储空间，请先彻底删除一些内容再导入$/;

onOneDatabase(
  (ctx) => {
    it("refuses an upload past the room left in the quota, naming it, and keeps nothing", async () => {
      const user = await registerUser(ctx);
      const over = await upload(ctx, user, [{ name: "大.md", bytes: notes(60) }]);
      expect(over.status).toBe(413);
      expect(over.body.message).toBe(
        "导入的文件超过了剩余的存储空间（40 KB）：文件在导入完成前也占用存储空间，请先彻底删除一些内容再导入",
      );
      expect(await jobsOf(ctx, user)).toEqual([]);
      expect((await previewed(ctx, user, [{ name: "小.md", bytes: notes(30) }])).preview.notes).toBe(1);
    });

    it("a previewed upload holds its room: a recording and a second upload find only what is left, until it is cancelled", async () => {
      const user = await registerUser(ctx);
      const { jobId } = await previewed(ctx, user, [{ name: "甲.md", bytes: notes(30) }]);
      const usage = await request(ctx, "getUsage", { token: user.token });
      expect(usage.body.data.bytes).toBeGreaterThanOrEqual(30 * 1024);

      const file = await uploadFile(ctx, user.token, recording(), "录音.wav", "audio/wav");
      expect(file.status).toBe(403);
      expect(file.body.code).toBe("QUOTA_EXCEEDED");
      const second = await upload(ctx, user, [{ name: "乙.md", bytes: notes(20) }]);
      expect(second.status).toBe(413);
      expect(second.body.message).toBe(
        "导入的文件超过了剩余的存储空间（10 KB）：文件在导入完成前也占用存储空间，请先彻底删除一些内容再导入",
      );

      const cancel = await request(ctx, "cancelImport", { token: user.token, params: { id: jobId } });
      expect(cancel.status).toBe(200);
      expect((await uploadFile(ctx, user.token, recording(), "录音.wav", "audio/wav")).status).toBe(201);
    });

    it("a recording added while an upload arrives counts against it: the upload no longer fits, is refused and keeps nothing", async () => {
      const user = await registerUser(ctx);
      const arriving = arrivingUpload(ctx, user, "大.md", notes(30));
      await uploading(ctx, user);
      // nothing of the upload is stored yet: the recording fits
      expect((await uploadFile(ctx, user.token, recording(), "录音.wav", "audio/wav")).status).toBe(201);
      const answer = await arriving.finish();
      expect(answer.status).toBe(413);
      expect(answer.body.message).toMatch(pastRoom);
      expect(await jobsOf(ctx, user)).toEqual([]);
    });
  },
  { QUOTA_BYTES: "40KiB", RATE_UPLOADS: "0" },
);
