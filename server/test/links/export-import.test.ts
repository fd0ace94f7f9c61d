// Links through export and import (issue 33, item 1): the export carries them as text; the import
// makes each name the item its target became in the importing account — forward in data.json and
// across batches too — and a link to an item not in the export names nothing (已删除).
import { randomUUID } from "node:crypto";
import { linkText, parseLinks } from "@shinian/contract";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { exportZip, onOneDatabase, registerUser, request, type TestUser } from "../helpers.ts";
import { imported } from "../import/helpers.ts";

onOneDatabase((ctx) => {
  const idea = (u: TestUser, content: string) =>
    ctx.db
      .query<{ id: string }>(
        `INSERT INTO ideas (user_id, original_content, content, created_at, updated_at)
         VALUES ($1, $2, $2, $3, $3) RETURNING id`,
        [u.id, content, new Date(Date.now() - 86_400_000 + Math.random() * 1000).toISOString()],
      )
      .then((r) => r.rows[0]!.id);
  const contentOf = async (u: TestUser, marker: string) => {
    const { rows } = await ctx.db.query<{ type: "idea" | "note"; id: string; content: string }>(
      `SELECT 'idea' AS type, id, content FROM ideas WHERE user_id = $1 AND content LIKE $2 || '%'
       UNION ALL SELECT 'note', id, content FROM notes WHERE user_id = $1 AND content LIKE $2 || '%'`,
      [u.id, marker],
    );
    expect(rows, marker).toHaveLength(1);
    return rows[0]!;
  };

  describe("links in the export and the import", () => {
    it("rewrites every link to the imported items' new ids, forward and across batches", async () => {
      const [from, to] = [await registerUser(ctx), await registerUser(ctx)];
      const first = await idea(from, "甲：第一条");
      // more ideas than one import batch (200 records) between the first and the last
      await ctx.db.query(
        `INSERT INTO ideas (user_id, original_content, content, created_at, updated_at)
         SELECT $1, '填充' || n, '填充' || n, now() - interval '12 hours', now() - interval '12 hours'
         FROM generate_series(1, 250) n`,
        [from.id],
      );
      const lastRes = await request(ctx, "createIdea", {
        token: from.token,
        body: { content: "乙：最后一条" },
      });
      const last = lastRes.body.data.id;
      const gone = randomUUID();
      const noteRes = await request(ctx, "createNote", {
        token: from.token,
        body: {
          title: "丙笔记",
          content: `丙：${linkText({ type: "idea", id: first })} ${linkText({ type: "idea", id: last })}`,
        },
      });
      const note = noteRes.body.data.id;
      // the first idea links forward: to the last idea, the note, and an item not in the export
      await ctx.db.query("UPDATE ideas SET content = $2 WHERE id = $1", [
        first,
        `甲：第一条 ${linkText({ type: "idea", id: last })} ${linkText({ type: "note", id: note })} ${linkText({ type: "idea", id: gone })}`,
      ]);

      const zip = await exportZip(ctx, from);
      const data = JSON.parse(strFromU8(unzipSync(zip)["data.json"]!));
      expect(data.format).toBe("shinian-export/5");
      // the export carries the links as text
      expect(data.notes[0].content).toContain(linkText({ type: "idea", id: last }));

      const { status } = await imported(ctx, to, [{ name: "拾念导出.zip", bytes: new Uint8Array(zip) }]);
      expect(status.status).toBe("done");
      expect(status.imported.ideas).toBe(252);

      const [a, b, c] = [await contentOf(to, "甲"), await contentOf(to, "乙"), await contentOf(to, "丙")];
      expect([a.id, b.id, c.id]).not.toContain(first);
      expect(parseLinks(a.content)).toEqual([
        { type: "idea", id: b.id },
        { type: "note", id: c.id },
        { type: "idea", id: expect.not.stringMatching(gone) },
      ]);
      expect(parseLinks(c.content)).toEqual([
        { type: "idea", id: a.id },
        { type: "idea", id: b.id },
      ]);
      const missing = parseLinks(a.content)[2]!;
      const res = await request(ctx, "resolveLinks", {
        token: to.token,
        body: { refs: [...parseLinks(a.content), { type: "idea", id: gone }] },
      });
      expect(res.body.data.items.map((i) => i.state)).toEqual(["live", "live", "deleted", "deleted"]);
      expect(res.body.data.items[2]!.id).toBe(missing.id);

      // 被引用 in the importing account: the last idea is linked from the first and the note
      const back = await request(ctx, "itemBacklinks", {
        token: to.token,
        params: { type: "idea", id: b.id },
      });
      expect(back.body.data.items.map((i) => i.id).sort()).toEqual([a.id, c.id].sort());
      // and the exporting account's are unchanged
      const theirs = await request(ctx, "itemBacklinks", {
        token: from.token,
        params: { type: "idea", id: last },
      });
      expect(theirs.body.data.items.map((i) => i.id).sort()).toEqual([first, note].sort());

      // imported again into the same account: everything is a twin or already imported, nothing doubles
      const again = await imported(ctx, to, [{ name: "拾念导出.zip", bytes: new Uint8Array(zip) }]);
      expect(again.status.imported).toEqual({ ideas: 0, notes: 0, conversations: 0 });
      // and the importing account's own export comes back onto its own items (a move back)
      const back2 = await imported(ctx, from, [
        { name: "乙的导出.zip", bytes: new Uint8Array(await exportZip(ctx, to)) },
      ]);
      expect(back2.status.imported).toEqual({ ideas: 0, notes: 0, conversations: 0 });
    });

    it("a link to an item skipped as a twin of the account's names the twin, forward and backward across batches", async () => {
      const [from, to] = [await registerUser(ctx), await registerUser(ctx)];
      const at = (minutes: number) => new Date(Date.now() - 2 * 86_400_000 + minutes * 60_000).toISOString();
      const made = async (content: string, minutes: number, id = randomUUID()) =>
        (
          await ctx.db.query<{ id: string }>(
            `INSERT INTO ideas (id, user_id, original_content, content, created_at, updated_at)
             VALUES ($1, $2, $3, $3, $4, $4) RETURNING id`,
            [id, from.id, content, at(minutes)],
          )
        ).rows[0]!.id;
      const fill = (start: number) =>
        ctx.db.query(
          `INSERT INTO ideas (user_id, original_content, content, created_at, updated_at)
           SELECT $1, '填充' || n, '填充' || n, $2::timestamptz + n * interval '1 minute', $2::timestamptz
           FROM generate_series(1, 250) n`,
          [from.id, at(start)],
        );
      const shared = randomUUID();
      const link = linkText({ type: "idea", id: shared });
      // in the words as typed too: forward to the shared idea (a later batch), and back to it
      const first = await made(`甲：在前 ${link}`, 0);
      await fill(1);
      await made("两边都有的想法", 300, shared);
      await fill(301);
      await made(`乙：在后 ${link}`, 900);
      const note = await request(ctx, "createNote", {
        token: from.token,
        body: { title: "丙笔记", content: `丙：${link}` },
      });
      expect(note.status).toBe(201);
      const annotation = await request(ctx, "createAnnotation", {
        token: from.token,
        params: { id: first },
        body: { content: `丁：${link}` },
      });
      expect(annotation.status).toBe(201);
      // the importing account holds the shared idea already: same millisecond, same words
      const { rows } = await ctx.db.query<{ id: string }>(
        `INSERT INTO ideas (user_id, original_content, content, created_at, updated_at)
         SELECT $1, original_content, original_content, date_trunc('milliseconds', created_at), now()
         FROM ideas WHERE id = $2 RETURNING id`,
        [to.id, shared],
      );
      const twin = rows[0]!.id;

      const zip = await exportZip(ctx, from);
      const { status } = await imported(ctx, to, [{ name: "拾念导出.zip", bytes: new Uint8Array(zip) }]);
      expect(status.status).toBe("done");
      expect(status.imported.ideas).toBe(502);
      expect(status.skipped).toBe(1);

      const [a, b, c] = [await contentOf(to, "甲"), await contentOf(to, "乙"), await contentOf(to, "丙")];
      const { rows: originals } = await ctx.db.query<{ original_content: string }>(
        "SELECT original_content FROM ideas WHERE id = ANY ($1) ORDER BY original_content",
        [[a.id, b.id]],
      );
      const { rows: annotations } = await ctx.db.query<{ content: string }>(
        "SELECT content FROM annotations WHERE user_id = $1",
        [to.id],
      );
      const texts = [a.content, b.content, c.content, ...originals.map((r) => r.original_content)];
      for (const text of [...texts, ...annotations.map((r) => r.content)])
        expect(parseLinks(text), text).toEqual([{ type: "idea", id: twin }]);
      const back = await request(ctx, "itemBacklinks", {
        token: to.token,
        params: { type: "idea", id: twin },
      });
      expect(back.body.data.items.map((i) => i.id).sort()).toEqual([a.id, b.id, c.id].sort());
      const res = await request(ctx, "resolveLinks", {
        token: to.token,
        body: { refs: [{ type: "idea", id: twin }] },
      });
      expect(res.body.data.items.map((i) => i.state)).toEqual(["live"]);
    });

    it("a link in a later import of the same file names the item an earlier import made", async () => {
      const [from, to] = [await registerUser(ctx), await registerUser(ctx)];
      const linker = await idea(from, "庚：链接在前");
      const target = await request(ctx, "createIdea", { token: from.token, body: { content: "辛：被链接" } });
      await ctx.db.query("UPDATE ideas SET content = content || $2 WHERE id = $1", [
        linker,
        ` ${linkText({ type: "idea", id: target.body.data.id })}`,
      ]);
      const zip = new Uint8Array(await exportZip(ctx, from));
      expect((await imported(ctx, to, [{ name: "拾念导出.zip", bytes: zip }])).status.imported.ideas).toBe(2);
      const made = await contentOf(to, "辛");
      const before = await contentOf(to, "庚");
      expect(parseLinks(before.content)).toEqual([{ type: "idea", id: made.id }]);
      // the linker deleted for good: the same file again makes it anew, its link naming the first job's item
      await ctx.db.query("DELETE FROM ideas WHERE id = $1", [before.id]);
      const again = await imported(ctx, to, [{ name: "拾念导出.zip", bytes: zip }]);
      expect(again.status.imported).toEqual({ ideas: 1, notes: 0, conversations: 0 });
      const after = await contentOf(to, "庚");
      expect(after.id).not.toBe(before.id);
      expect(parseLinks(after.content)).toEqual([{ type: "idea", id: made.id }]);
      const back = await request(ctx, "itemBacklinks", {
        token: to.token,
        params: { type: "idea", id: made.id },
      });
      expect(back.body.data.items.map((i) => i.id)).toEqual([after.id]);
    });

    it("a 批注's link to an item the account still has names that item after the import", async () => {
      const u = await registerUser(ctx);
      const kept = await idea(u, "丁：留下的想法");
      const gone = await idea(u, "戊：删掉再导回的想法");
      const annotated = await request(ctx, "createAnnotation", {
        token: u.token,
        params: { id: gone },
        body: { content: `己：参见 ${linkText({ type: "idea", id: kept })}` },
      });
      expect(annotated.status).toBe(201);
      // 批注 come after every idea in data.json: past one import batch (200 records), in a later one
      await ctx.db.query(
        `INSERT INTO ideas (user_id, original_content, content, created_at, updated_at)
         SELECT $1, '填充' || n, '填充' || n, now() - interval '12 hours', now() - interval '12 hours'
         FROM generate_series(1, 250) n`,
        [u.id],
      );
      const zip = await exportZip(ctx, u);
      await ctx.db.query("DELETE FROM ideas WHERE id = $1", [gone]);

      const { status } = await imported(ctx, u, [{ name: "拾念导出.zip", bytes: new Uint8Array(zip) }]);
      expect(status.status).toBe("done");
      const { rows } = await ctx.db.query<{ content: string }>(
        "SELECT content FROM annotations WHERE user_id = $1",
        [u.id],
      );
      // the 批注 came back under the re-made idea, its link naming the idea that was never gone
      expect(rows.map((r) => parseLinks(r.content))).toEqual([[{ type: "idea", id: kept }]]);
    });
  });
});
