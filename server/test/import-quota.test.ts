// A stored upload counts toward the account's QUOTA_BYTES while it waits and runs (issue 30 §8):
// a full account cannot park IMPORT_MAX_BYTES on the server.
import { expect, it } from "vitest";
import { onOneDatabase, registerUser } from "./helpers.ts";
import { previewed, upload } from "./import-helpers.ts";

const notes = (kb: number) => `# 笔记\n\n${"记".repeat(Math.round((kb * 1024) / 3))}\n`;

onOneDatabase(
  (ctx) => {
    it("refuses an upload past the room left in the quota, naming it, and keeps nothing", async () => {
      const user = await registerUser(ctx);
      const over = await upload(ctx, user, [{ name: "大.md", bytes: notes(60) }]);
      expect(over.status).toBe(413);
      expect(over.body.message).toBe(
        "导入的文件超过了剩余的存储空间（40 KB）：文件在导入完成前也占用存储空间，请先彻底删除一些内容再导入",
      );
      const { rows } = await ctx.db.query("SELECT 1 FROM import_jobs WHERE user_id = $1", [user.id]);
      expect(rows).toEqual([]);
      expect((await previewed(ctx, user, [{ name: "小.md", bytes: notes(30) }])).preview.notes).toBe(1);
    });
  },
  { QUOTA_BYTES: "40KiB", RATE_UPLOADS: "0" },
);
