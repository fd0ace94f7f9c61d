import { NOTE_HISTORY_KEEP, NOTE_HISTORY_MAX, NOTE_HISTORY_MAX_BYTES } from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { purgeTrash } from "../../src/items/trash.store.ts";
import { call, forEachDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";

type Version = { versionId: string; savedAt: string; title: string; tags: string[]; length: number };

const newNote = async (ctx: TestCtx, u: TestUser, content = "第一版") =>
  (await request(ctx, "createNote", { token: u.token, body: { title: "陶艺", content, tags: ["陶艺"] } }))
    .body.data;

const save = async (ctx: TestCtx, u: TestUser, id: string, body: Record<string, unknown>) => {
  const res = await request(ctx, "updateNote", { token: u.token, params: { id }, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

const history = async (
  ctx: TestCtx,
  u: TestUser,
  id: string,
  query: { limit?: number; cursor?: string } = {},
) => {
  const res = await request(ctx, "noteHistory", { token: u.token, params: { id }, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: Version[]; nextCursor: string | null };
};

/** One version with its text (noteVersion). */
const version = async (ctx: TestCtx, u: TestUser, id: string, versionId: string) => {
  const res = await request(ctx, "noteVersion", { token: u.token, params: { id, versionId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Version & { content: string };
};

/** The texts of a page's versions, fetched one by one as the screen does. */
const texts = async (ctx: TestCtx, u: TestUser, id: string, items: Version[]) =>
  Promise.all(items.map(async (v) => (await version(ctx, u, id, v.versionId)).content));

/** `count` versions of the note put straight in, `hoursAgo(i)` hours old each (the i-th: 0…count-1). */
async function oldVersions(
  ctx: TestCtx,
  u: TestUser,
  noteId: string,
  count: number,
  hoursAgo: (i: number) => number,
) {
  await ctx.db.query(
    `INSERT INTO note_versions (user_id, note_id, title, content, tags, saved_at)
     SELECT $1, $2, '陶艺', '旧版 ' || i, '{}', now() - ($3::int[])[i + 1] * interval '1 hour'
     FROM generate_series(0, $4 - 1) i`,
    [u.id, noteId, Array.from({ length: count }, (_, i) => hoursAgo(i)), count],
  );
}

const versionCount = async (ctx: TestCtx, noteId: string) =>
  (
    await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM note_versions WHERE note_id = $1", [
      noteId,
    ])
  ).rows[0]!.n;

forEachDatabase((ctx) => {
  describe("note history (历史版本)", () => {
    it("keeps the version before each save that changes the title, text or tags, newest first; never for a no-op", async () => {
      const u = await registerUser(ctx);
      const { id } = await newNote(ctx, u);
      // the same words, a pin, the same tags: nothing to keep
      const same = await save(ctx, u, id, { title: "陶艺", content: "第一版", tags: ["陶艺"] });
      await save(ctx, u, id, { pinned: true });
      expect((await history(ctx, u, id)).items).toEqual([]);

      const second = await save(ctx, u, id, { content: "第二版" });
      const third = await save(ctx, u, id, { title: "陶艺课" });
      await save(ctx, u, id, { tags: ["陶艺", "周末"] });
      const { items, nextCursor } = await history(ctx, u, id);
      expect(nextCursor).toBeNull();
      expect(items.map((v) => [v.title, v.tags, v.length])).toEqual([
        ["陶艺课", ["陶艺"], 3],
        ["陶艺", ["陶艺"], 3],
        ["陶艺", ["陶艺"], 3],
      ]);
      expect(await texts(ctx, u, id, items)).toEqual(["第二版", "第二版", "第一版"]);
      // the list carries no text
      expect(items[0]).not.toHaveProperty("content");
      // each dated when it was saved: the note's updatedAt while it was current
      expect(items.map((v) => v.savedAt)).toEqual([third.updatedAt, second.updatedAt, same.updatedAt]);

      // a batch edit (多选) is a save too
      const current = (await request(ctx, "getNote", { token: u.token, params: { id } })).body.data;
      const batch = await request(ctx, "editItems", {
        token: u.token,
        body: { edits: [{ type: "note", id, tags: ["陶艺"], baseUpdatedAt: current.updatedAt }] },
      });
      expect(batch.status).toBe(200);
      expect((await history(ctx, u, id)).items[0]!.tags).toEqual(["陶艺", "周末"]);
      expect(await versionCount(ctx, id)).toBe(4);
    });

    it("pages through the history by cursor, each version once, newest first", async () => {
      const u = await registerUser(ctx);
      const { id } = await newNote(ctx, u);
      await oldVersions(ctx, u, id, 25, (i) => i + 1);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await history(ctx, u, id, { limit: 10, ...(cursor ? { cursor } : {}) });
        seen.push(...(await texts(ctx, u, id, page.items)));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `旧版 ${i}`));
      const tooMany = await request(ctx, "noteHistory", {
        token: u.token,
        params: { id },
        query: { limit: 51 },
      });
      expect(tooMany.status).toBe(400);
    });

    it(`keeps the newest ${NOTE_HISTORY_KEEP} versions when older than 30 days, and every version of the last 30 days`, async () => {
      const u = await registerUser(ctx);
      // 60 versions of 31 days ago and older: a save keeps the newest 50 (its own version among them)
      const old = await newNote(ctx, u);
      await oldVersions(ctx, u, old.id, 60, (i) => 31 * 24 + i);
      await save(ctx, u, old.id, { content: "新的一版" });
      expect(await versionCount(ctx, old.id)).toBe(NOTE_HISTORY_KEEP);
      const kept = await history(ctx, u, old.id, { limit: 20 });
      expect((await texts(ctx, u, old.id, kept.items)).slice(0, 3)).toEqual(["第一版", "旧版 0", "旧版 1"]);
      const { rows } = await ctx.db.query<{ content: string }>(
        "SELECT content FROM note_versions WHERE note_id = $1 ORDER BY saved_at LIMIT 1",
        [old.id],
      );
      expect(rows[0]!.content).toBe(`旧版 ${NOTE_HISTORY_KEEP - 2}`);

      // 60 versions of the last 30 days: all stay, beyond 50
      const recent = await newNote(ctx, u);
      await oldVersions(ctx, u, recent.id, 60, (i) => 29 * 24 - i);
      await save(ctx, u, recent.id, { content: "新的一版" });
      expect(await versionCount(ctx, recent.id)).toBe(61);

      // however many in 30 days, never more than the ceiling
      const busy = await newNote(ctx, u);
      await oldVersions(ctx, u, busy.id, NOTE_HISTORY_MAX + 5, (i) => i + 1);
      await save(ctx, u, busy.id, { content: "新的一版" });
      expect(await versionCount(ctx, busy.id)).toBe(NOTE_HISTORY_MAX);
    });

    it("restores a version as a save: the text it replaces becomes a version, and a stale base is refused", async () => {
      const u = await registerUser(ctx);
      const { id } = await newNote(ctx, u);
      await save(ctx, u, id, { content: "第二版", tags: ["陶艺", "拉坯"] });
      const latest = await save(ctx, u, id, { content: "第三版" });
      const first = (await history(ctx, u, id)).items.at(-1)!;
      expect((await version(ctx, u, id, first.versionId)).content).toBe("第一版");

      // a base older than the stored note: 409 with the current note, nothing changes
      const stale = await request(ctx, "restoreNoteVersion", {
        token: u.token,
        params: { id, versionId: first.versionId },
        body: { baseUpdatedAt: first.savedAt },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.data).toMatchObject({ id, content: "第三版" });
      expect(await versionCount(ctx, id)).toBe(2);

      const res = await request(ctx, "restoreNoteVersion", {
        token: u.token,
        params: { id, versionId: first.versionId },
        body: { baseUpdatedAt: latest.updatedAt },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        message: "已恢复此版本",
        data: { id, content: "第一版", tags: ["陶艺"], droppedImages: 0 },
      });
      const note = (await request(ctx, "getNote", { token: u.token, params: { id } })).body.data;
      expect(note).toMatchObject({ content: "第一版", tags: ["陶艺"], updatedAt: res.body.data.updatedAt });
      const after = (await history(ctx, u, id)).items;
      expect(await texts(ctx, u, id, after)).toEqual(["第三版", "第二版", "第一版"]);
      expect(after[0]!.tags).toEqual(["陶艺", "拉坯"]);
      // and search finds the restored words
      const found = await request(ctx, "search", { token: u.token, query: { q: "第一版" } });
      expect(found.body.data.items.map((i: { id: string }) => i.id)).toContain(id);
    });

    it("answers 404 for another account's note or version, and changes nothing", async () => {
      const owner = await registerUser(ctx);
      const other = await registerUser(ctx);
      const { id } = await newNote(ctx, owner);
      await save(ctx, owner, id, { content: "第二版" });
      const [version] = (await history(ctx, owner, id)).items;
      const theirs = await request(ctx, "noteHistory", { token: other.token, params: { id }, query: {} });
      expect(theirs.status).toBe(404);
      expect(theirs.body.message).toBe("笔记不存在");
      const restore = await request(ctx, "restoreNoteVersion", {
        token: other.token,
        params: { id, versionId: version!.versionId },
        body: {},
      });
      expect(restore.status).toBe(404);
      // a version of one's own other note, on this one: not found either
      const own = await newNote(ctx, other);
      const crossed = await request(ctx, "restoreNoteVersion", {
        token: other.token,
        params: { id: own.id, versionId: version!.versionId },
        body: {},
      });
      expect(crossed.status).toBe(404);
      expect(crossed.body.message).toBe("该历史版本不存在");
      expect((await request(ctx, "getNote", { token: owner.token, params: { id } })).body.data.content).toBe(
        "第二版",
      );
      expect(await versionCount(ctx, id)).toBe(1);
    });

    it("stays where it is while the note is in 回收站, unlisted, and is deleted with the note for good", async () => {
      const u = await registerUser(ctx);
      const { id } = await newNote(ctx, u);
      await save(ctx, u, id, { content: "第二版" });
      await save(ctx, u, id, { content: "第三版" });
      const before = (await history(ctx, u, id)).items;
      const notFound = async () => {
        const list = await request(ctx, "noteHistory", { token: u.token, params: { id }, query: {} });
        expect(list.status).toBe(404);
        expect(list.body.message).toBe("笔记不存在");
        const one = await request(ctx, "noteVersion", {
          token: u.token,
          params: { id, versionId: before[0]!.versionId },
        });
        expect(one.status).toBe(404);
      };

      expect((await request(ctx, "deleteNote", { token: u.token, params: { id } })).status).toBe(200);
      await notFound();
      // untouched, and not carried in the trash row
      expect(await versionCount(ctx, id)).toBe(2);
      const trashed = await ctx.db.query<{ item: Record<string, unknown> }>(
        "SELECT item FROM trash WHERE id = $1",
        [id],
      );
      expect(Object.keys(trashed.rows[0]!.item)).toEqual(["note"]);
      expect((await request(ctx, "restoreFromTrash", { token: u.token, params: { id } })).status).toBe(200);
      expect((await history(ctx, u, id)).items).toEqual(before);

      // deleted from 回收站 for good
      await request(ctx, "deleteNote", { token: u.token, params: { id } });
      expect((await request(ctx, "deleteFromTrash", { token: u.token, params: { id } })).status).toBe(200);
      expect(await versionCount(ctx, id)).toBe(0);

      // 清空回收站, and the expiry purge
      const emptied = await newNote(ctx, u);
      await save(ctx, u, emptied.id, { content: "第二版" });
      await request(ctx, "deleteNote", { token: u.token, params: { id: emptied.id } });
      expect((await request(ctx, "emptyTrash", { token: u.token })).status).toBe(200);
      expect(await versionCount(ctx, emptied.id)).toBe(0);
      const expired = await newNote(ctx, u);
      await save(ctx, u, expired.id, { content: "第二版" });
      await request(ctx, "deleteNote", { token: u.token, params: { id: expired.id } });
      await ctx.db.query("UPDATE trash SET deleted_at = now() - interval '40 days' WHERE id = $1", [
        expired.id,
      ]);
      await purgeTrash(ctx.db, { olderThanDays: 30 });
      expect(await versionCount(ctx, expired.id)).toBe(0);

      // and the account's deletion
      const gone = await newNote(ctx, u);
      await save(ctx, u, gone.id, { content: "第二版" });
      await request(ctx, "deleteNote", { token: u.token, params: { id: gone.id } });
      await ctx.db.query("DELETE FROM users WHERE id = $1", [u.id]);
      expect(await versionCount(ctx, gone.id)).toBe(0);
    });

    it("restores a version kept before a tag rename with the new name: the old one does not come back", async () => {
      const u = await registerUser(ctx);
      const { id } = await newNote(ctx, u, "第一版 #陶艺 上釉");
      const latest = await save(ctx, u, id, { content: "第二版" });
      const renamed = await request(ctx, "renameTag", { token: u.token, body: { from: "陶艺", to: "手作" } });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      const [kept] = (await history(ctx, u, id)).items;
      // listed and fetched with the new name, as they would be restored
      expect(kept!.tags).toEqual(["手作"]);
      expect((await version(ctx, u, id, kept!.versionId)).content).toBe("第一版 #手作 上釉");
      const current = (await request(ctx, "getNote", { token: u.token, params: { id } })).body.data;
      expect(current.updatedAt).not.toBe(latest.updatedAt);
      const res = await request(ctx, "restoreNoteVersion", {
        token: u.token,
        params: { id, versionId: kept!.versionId },
        body: { baseUpdatedAt: current.updatedAt },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const note = (await request(ctx, "getNote", { token: u.token, params: { id } })).body.data;
      expect(note).toMatchObject({ content: "第一版 #手作 上釉", tags: ["手作"] });
      const tags = (await request(ctx, "listTags", { token: u.token })).body.data;
      expect(JSON.stringify(tags)).not.toContain("陶艺");
    });

    it("restores a version whose image was deleted for good without it, and says so", async () => {
      const u = await registerUser(ctx);
      const lost = "0b7f3c1e-4d2a-4c8b-9e1f-2a3b4c5d6e7f";
      const { id } = await newNote(ctx, u);
      // a version naming an image the sweep has since removed (no attachments row left)
      await ctx.db.query(
        `INSERT INTO note_versions (user_id, note_id, title, content, tags, saved_at)
         VALUES ($1, $2, '陶艺', $3, '{陶艺}', now() - interval '3 days')`,
        [u.id, id, `开头\n![窑](attachment:${lost})\n结尾 attachment:${lost}`],
      );
      const [kept] = (await history(ctx, u, id)).items;
      const res = await request(ctx, "restoreNoteVersion", {
        token: u.token,
        params: { id, versionId: kept!.versionId },
        body: {},
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe("已恢复此版本；其中 1 张图片已被永久删除，没有恢复");
      expect(res.body.data).toMatchObject({ droppedImages: 1, content: "开头\n\n结尾 " });
      const note = (await request(ctx, "getNote", { token: u.token, params: { id } })).body.data;
      expect(note.content).not.toContain(lost);
    });

    it("keeps at most NOTE_HISTORY_MAX_BYTES of versions per note, the newest first", async () => {
      const u = await registerUser(ctx);
      const { id } = await newNote(ctx, u);
      // 5 versions of 600,000 bytes (200,000 three-byte characters): 3 fit in 2 MB, with the one the save keeps
      await ctx.db.query(
        `INSERT INTO note_versions (user_id, note_id, title, content, tags, saved_at)
         SELECT $1, $2, '陶艺', repeat('陶', 200000), '{}', now() - i * interval '1 hour' FROM generate_series(1, 5) i`,
        [u.id, id],
      );
      await save(ctx, u, id, { content: "新的一版" });
      const { rows } = await ctx.db.query<{ n: number; bytes: number }>(
        "SELECT count(*)::int AS n, sum(octet_length(title) + octet_length(content))::int AS bytes FROM note_versions WHERE note_id = $1",
        [id],
      );
      expect(rows[0]!.bytes).toBeLessThanOrEqual(NOTE_HISTORY_MAX_BYTES);
      expect(rows[0]!.n).toBe(4);
      const kept = (await history(ctx, u, id)).items;
      expect(kept.map((v) => v.length)).toEqual([3, 200000, 200000, 200000]);
    });

    it("keeps no version of a note still as 新建笔记 made it when its first words are saved", async () => {
      const u = await registerUser(ctx);
      const made = await request(ctx, "createNote", {
        token: u.token,
        body: { title: "未命名笔记", content: "" },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const id = made.body.data.id;
      await save(ctx, u, id, { title: "陶艺", content: "第一版" });
      expect(await versionCount(ctx, id)).toBe(0);
      await save(ctx, u, id, { content: "第二版" });
      expect(await versionCount(ctx, id)).toBe(1);
    });

    it("is read with a read token and restored only with a write token", async () => {
      const u = await registerUser(ctx);
      const { id } = await newNote(ctx, u);
      await save(ctx, u, id, { content: "第二版" });
      const token = async (scope: "read" | "write") =>
        (await request(ctx, "createAccessToken", { token: u.token, body: { name: scope, scope } })).body.data
          .token as string;
      const read = await token("read");
      const write = await token("write");
      const listed = await call(ctx, "GET", `/api/notes/${id}/history`, { token: read });
      expect(listed.status).toBe(200);
      const versionId = listed.body.data.items[0].versionId;
      const path = `/api/notes/${id}/history/${versionId}/restore`;
      const refused = await call(ctx, "POST", path, { token: read, body: {} });
      expect(refused.status).toBe(403);
      expect(await versionCount(ctx, id)).toBe(1);
      const restored = await call(ctx, "POST", path, { token: write, body: {} });
      expect(restored.status).toBe(200);
      expect(restored.body.data.content).toBe("第一版");
    });
  });
});
