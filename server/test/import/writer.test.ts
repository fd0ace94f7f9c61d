import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { tx } from "../../src/db/pool.ts";
import { dropWaitingRefs } from "../../src/import/items.store.ts";
import type { ImportRecord } from "../../src/import/records.ts";
import { searchWordsHere } from "../../src/import/search-words.ts";
import { type BatchJob, writeBatch } from "../../src/import/writer.ts";
import { forEachDatabase, registerUser, type TestCtx } from "../helpers.ts";

const at = (day: number) => new Date(Date.UTC(2025, 0, day, 3, 4, 5, 678));

/** A 拾念-like source where every reference points forward: the note, the chat and the applied version come first. */
const records = (): ImportRecord[] => [
  {
    type: "conversation",
    key: "c1",
    title: "聊陶艺",
    subject: { type: "note", key: "n1" },
    createdAt: at(5),
    updatedAt: at(6),
    messages: [
      {
        role: "user",
        content: "怎么拉坯？",
        status: "done",
        citations: [],
        sourceKeys: [],
        points: 0,
        mode: "offline",
        createdAt: at(5),
      },
      {
        role: "assistant",
        content: "见笔记和想法",
        status: "done",
        citations: [
          { type: "note", id: "n1", title: "陶艺笔记" },
          { type: "idea", id: "missing", title: "不存在的" },
          { type: "idea", id: "i1", title: "拉坯" },
        ],
        sourceKeys: ["i1", "n1"],
        points: 2,
        mode: "provider",
        createdAt: at(5),
      },
    ],
  },
  {
    type: "note",
    key: "n1",
    title: "陶艺笔记",
    content: "拉坯要稳",
    tags: ["陶艺"],
    pinned: true,
    sourceIdeaKeys: ["i1", "missing"],
    createdAt: at(3),
    updatedAt: at(4),
  },
  {
    type: "idea",
    key: "i1",
    originalContent: "周末去学拉坯",
    content: "周末去学拉坯。",
    title: "拉坯",
    tags: ["陶艺"],
    pinned: false,
    aiExcluded: true,
    createdAt: at(1),
    updatedAt: at(2),
    appliedVersionKey: "v1",
  },
  {
    type: "ideaVersion",
    key: "v1",
    ideaKey: "i1",
    model: "gpt-4o-mini",
    title: "拉坯",
    content: "周末去学拉坯。",
    tags: ["陶艺"],
    points: 1,
    createdAt: at(2),
  },
  { type: "profile", nickname: "小陶", identityDescription: "做陶艺的" },
];

async function write(ctx: TestCtx, job: BatchJob, list: ImportRecord[], batchSize: number) {
  await ctx.db.query(
    "INSERT INTO import_jobs (id, user_id, status, kind, expires_at) VALUES ($1, $2, 'running', $3, now())",
    [job.id, job.userId, job.kind],
  );
  const results = [];
  for (let i = 0; i < list.length; i += batchSize) {
    results.push(
      await tx(ctx.db, (client) =>
        writeBatch(client, job, ctx.config.quota, list.slice(i, i + batchSize), searchWordsHere, new Map()),
      ),
    );
  }
  await tx(ctx.db, (client) => dropWaitingRefs(client, job.id));
  await ctx.db.query("UPDATE import_jobs SET status = 'done' WHERE id = $1", [job.id]);
  return results;
}

forEachDatabase((ctx) => {
  describe("the import writer", () => {
    for (const batchSize of [1, 10]) {
      it(`remaps every reference by key, forward ones too, one record per batch or all in one (${batchSize})`, async () => {
        const user = await registerUser(ctx);
        const job = {
          id: randomUUID(),
          userId: user.id,
          kind: "shinian" as const,
          takeProfile: false,
        };
        await write(ctx, job, records(), batchSize);
        const q = async (sql: string) => (await ctx.db.query(sql.replaceAll("$U", `'${user.id}'`))).rows;
        const [idea] = await q("SELECT * FROM ideas WHERE user_id = $U");
        const [version] = await q("SELECT * FROM idea_versions WHERE user_id = $U");
        const [note] = await q("SELECT * FROM notes WHERE user_id = $U");
        const [conversation] = await q("SELECT * FROM conversations WHERE user_id = $U");
        const messages = await q("SELECT * FROM messages WHERE user_id = $U ORDER BY points");
        expect(idea).toMatchObject({
          original_content: "周末去学拉坯",
          content: "周末去学拉坯。",
          ai_excluded: true,
          ai_version_id: version.id,
          ai_tidy_due_at: null,
          import_job_id: job.id,
        });
        expect(idea.created_at).toEqual(at(1));
        expect(idea.updated_at).toEqual(at(2));
        expect(version).toMatchObject({ idea_id: idea.id, points: 1 });
        expect(note).toMatchObject({ source_idea_ids: [idea.id], pinned: true });
        expect(note.updated_at).toEqual(at(4));
        expect(conversation).toMatchObject({ subject_type: "note", subject_id: note.id });
        expect(messages[1].citations).toEqual([
          { type: "note", id: note.id, title: "陶艺笔记" },
          { type: "idea", id: idea.id, title: "拉坯" },
        ]);
        expect(messages[1].source_ids.sort()).toEqual([idea.id, note.id].sort());
        expect((await q("SELECT nickname FROM users WHERE id = $U"))[0].nickname).not.toBe("小陶");
        expect(await q("SELECT 1 FROM import_refs")).toEqual([]);
        // the points ledger is untouched
        expect(await q("SELECT reason FROM points_ledger WHERE user_id = $U")).toHaveLength(1);
      });
    }

    it("an export of the very account imported into it makes nothing: its keys are the account's own ids", async () => {
      const user = await registerUser(ctx);
      const first = {
        id: randomUUID(),
        userId: user.id,
        kind: "shinian" as const,
        takeProfile: true,
      };
      await write(ctx, first, records(), 10);
      const ids = await ctx.db.query("SELECT id FROM ideas WHERE user_id = $1", [user.id]);
      const notes = await ctx.db.query("SELECT id FROM notes WHERE user_id = $1", [user.id]);
      const own: ImportRecord[] = records().map((r) =>
        r.type === "idea"
          ? { ...r, key: ids.rows[0].id }
          : r.type === "note"
            ? { ...r, key: notes.rows[0].id }
            : r,
      );
      const [result] = await write(
        ctx,
        { ...first, id: randomUUID(), kind: "shinian", takeProfile: false },
        own.slice(1, 3),
        10,
      );
      expect(result).toMatchObject({ imported: { ideas: 0, notes: 0 }, skipped: 2 });
      expect(
        (await ctx.db.query("SELECT nickname FROM users WHERE id = $1", [user.id])).rows[0].nickname,
      ).toBe("小陶");
    });
  });
});
