import { Readable } from "node:stream";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { createInflateRaw } from "node:zlib";
import fc from "fast-check";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { ImportRecord, ImportSource, SourceFile } from "../../src/import/records.ts";
import { MAX_RECORD_BYTES, shinianImporter } from "../../src/import/shinian.ts";
import { exportZip, onOneDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";

v8.setFlagsFromString("--expose-gc");
const gc: () => void = runInNewContext("gc");

/**
 * The import's view of an uploaded zip: its entries, listed from the central directory and each
 * inflated by zlib as it is read (fflate's streaming unzipper holds what it inflated, which would
 * count against the reader's memory). `counter.read` counts the bytes handed to the reader.
 */
function zipSource(zip: Uint8Array, counter = { read: 0 }): ImportSource {
  const bytes = Buffer.from(zip);
  const end = bytes.length - 22; // the end record, without a comment
  const files: SourceFile[] = [];
  let at = bytes.readUInt32LE(end + 16);
  for (let n = bytes.readUInt16LE(end + 10); n > 0; n--) {
    const nameLength = bytes.readUInt16LE(at + 28);
    const method = bytes.readUInt16LE(at + 10);
    const local = bytes.readUInt32LE(at + 42);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + bytes.readUInt32LE(at + 20));
    const open = async () => {
      const stored = Readable.from(pieceByPiece(data), { objectMode: false });
      const expanded = method === 8 ? stored.pipe(createInflateRaw()) : stored;
      return Readable.from(counted(expanded, counter), { objectMode: false });
    };
    const name = bytes.toString("utf8", at + 46, at + 46 + nameLength);
    files.push({ name, size: bytes.readUInt32LE(at + 24), open });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return { files };
}

function* pieceByPiece(data: Buffer) {
  for (let at = 0; at < data.length; at += 16 * 1024) yield data.subarray(at, at + 16 * 1024);
}

async function* counted(stream: Readable, counter: { read: number }) {
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    counter.read += chunk.length;
    yield chunk;
  }
}

/** A source of files given as text (a hand-made or altered export). */
const filesSource = (files: Record<string, string>) => zipSource(zipSync(mapValues(files, strToU8)));
const mapValues = <T, U>(o: Record<string, T>, f: (v: T) => U) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

async function readAll(source: ImportSource): Promise<ImportRecord[]> {
  const records: ImportRecord[] = [];
  for await (const r of shinianImporter.read(source)) records.push(r);
  return records;
}

const dataJsonOf = (zip: Uint8Array) => strFromU8(unzipSync(zip)["data.json"]!);

/** What the account holds, read from its tables: the records a faithful reader yields, in order. */
async function expectedRecords(ctx: TestCtx, userId: string): Promise<ImportRecord[]> {
  const q = async (sql: string) => (await ctx.db.query(sql, [userId])).rows;
  const [user] = await q("SELECT nickname, identity_description FROM users WHERE id = $1");
  const ideas = await q("SELECT * FROM ideas WHERE user_id = $1 ORDER BY created_at, id");
  const versions = await q("SELECT * FROM idea_versions WHERE user_id = $1 ORDER BY created_at, id");
  const notes = await q("SELECT * FROM notes WHERE user_id = $1 ORDER BY created_at, id");
  const conversations = await q("SELECT * FROM conversations WHERE user_id = $1 ORDER BY created_at, id");
  const messages = await q("SELECT * FROM messages WHERE user_id = $1 ORDER BY created_at, id");
  return [
    { type: "profile", nickname: user.nickname, identityDescription: user.identity_description },
    ...ideas.map(
      (i): ImportRecord => ({
        type: "idea",
        key: i.id,
        originalContent: i.original_content,
        content: i.content,
        title: i.title,
        tags: i.tags,
        pinned: i.pinned,
        aiExcluded: i.ai_excluded,
        createdAt: i.created_at,
        updatedAt: i.updated_at,
        appliedVersionKey: i.ai_version_id,
        aiStatus: i.ai_status === "pending" ? "none" : i.ai_status,
      }),
    ),
    ...versions.map(
      (v): ImportRecord => ({
        type: "ideaVersion",
        key: v.id,
        ideaKey: v.idea_id,
        model: v.model,
        title: v.title,
        content: v.content,
        tags: v.tags,
        points: v.points,
        createdAt: v.created_at,
      }),
    ),
    ...notes.map(
      (n): ImportRecord => ({
        type: "note",
        key: n.id,
        title: n.title,
        content: n.content,
        tags: n.tags,
        pinned: n.pinned,
        sourceIdeaKeys: n.source_idea_ids,
        createdAt: n.created_at,
        updatedAt: n.updated_at,
      }),
    ),
    ...conversations.map(
      (c): ImportRecord => ({
        type: "conversation",
        key: c.id,
        title: c.title,
        subject: c.subject_type ? { type: c.subject_type, key: c.subject_id } : null,
        createdAt: c.created_at,
        updatedAt: c.updated_at,
        messages: messages
          .filter((m) => m.conversation_id === c.id)
          .map((m) => ({
            role: m.role,
            content: m.content,
            status: m.status,
            citations: m.citations,
            sourceKeys: m.source_ids,
            points: m.points,
            mode: m.mode,
            createdAt: m.created_at,
          })),
      }),
    ),
  ];
}

// Text as people write it: Chinese, emoji (and other graphemes outside the BMP), ASCII; no NUL,
// which PostgreSQL's text cannot hold.
const chinese = fc.string({
  unit: fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((c) => String.fromCharCode(c)),
});
const anyText = fc
  .array(fc.oneof(chinese, fc.string({ unit: "grapheme" }), fc.constantFrom("😀", "👨‍👩‍👧", "🀄", "\n")))
  .map((parts) => parts.join("").replaceAll("\u0000", ""));
// cut at `max` UTF-16 units (the API's limits count them), never inside a surrogate pair
const cut = (s: string, max: number) => s.slice(0, max).replace(/[\uD800-\uDBFF]$/, "");
const nonBlank = (max: number) =>
  anyText.map((s) => cut(s.trim() ? s : `念${s}`, max)).filter((s) => s.trim().length > 0);
const tag = fc.oneof(chinese, fc.string({ unit: "grapheme-ascii" })).map((s) => s.trim().slice(0, 20));
const tags = fc.uniqueArray(
  tag.filter((t) => t.length > 0 && !t.includes("/")),
  { maxLength: 4 },
);

const account = fc.record({
  nickname: chinese.map((s) => `念${s}`.slice(0, 20)),
  identity: fc.option(nonBlank(500), { nil: null }),
  ideas: fc.array(
    fc.record({
      content: nonBlank(10_000),
      title: fc.option(nonBlank(200), { nil: undefined }),
      tags,
      pinned: fc.boolean(),
      aiExcluded: fc.boolean(),
      applyVersion: fc.boolean(),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  notes: fc.array(fc.record({ title: nonBlank(200), content: anyText, tags, pinned: fc.boolean() }), {
    maxLength: 3,
  }),
  messages: fc.array(fc.record({ content: anyText, cite: fc.boolean() }), { maxLength: 4 }),
});

type Account = typeof account extends fc.Arbitrary<infer T> ? T : never;

/** Makes the account through the API (AI versions and chats in SQL: no AI provider here). */
async function makeAccount(ctx: TestCtx, u: TestUser, a: Account, long: string) {
  await request(ctx, "updateProfile", {
    token: u.token,
    body: { nickname: a.nickname, identityDescription: a.identity },
  });
  const ideaIds: string[] = [];
  for (const i of a.ideas) {
    const made = await request(ctx, "createIdea", {
      token: u.token,
      body: { content: i.content, tags: i.tags, pinned: i.pinned, aiExcluded: i.aiExcluded },
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    ideaIds.push(id);
    if (i.title)
      await request(ctx, "updateIdea", { token: u.token, params: { id }, body: { title: i.title } });
    const { rows } = await ctx.db.query(
      `INSERT INTO idea_versions (user_id, idea_id, model, title, content, tags, points)
       VALUES ($1, $2, 'deepseek-chat', $3, $4, $5, 1) RETURNING id`,
      [u.id, id, `AI：${i.title ?? ""}`, `整理后：${i.content}`, i.tags],
    );
    if (i.applyVersion)
      await ctx.db.query("UPDATE ideas SET ai_version_id = $1 WHERE id = $2", [rows[0].id, id]);
  }
  const noteIds: string[] = [];
  for (const [n, note] of [
    ...a.notes,
    { title: "很长的笔记", content: long, tags: [], pinned: false },
  ].entries()) {
    const made = await request(ctx, "createNote", {
      token: u.token,
      body: { ...note, sourceIdeaIds: ideaIds.slice(0, n + 1) },
    });
    expect(made.status).toBe(201);
    noteIds.push(made.body.data.id);
  }
  const { rows } = await ctx.db.query(
    `INSERT INTO conversations (user_id, title, subject_type, subject_id) VALUES ($1, '关于😀的对话', 'idea', $2)
     RETURNING id`,
    [u.id, ideaIds[0]],
  );
  for (const [n, m] of a.messages.entries()) {
    const citations = m.cite ? [{ type: "note", id: noteIds[0], title: "很长的笔记" }] : [];
    await ctx.db.query(
      `INSERT INTO messages (user_id, conversation_id, role, content, citations, source_ids, points, mode, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'provider', now() + $8 * interval '1 ms')`,
      [
        u.id,
        rows[0].id,
        n % 2 ? "assistant" : "user",
        m.content,
        JSON.stringify(citations),
        m.cite ? [ideaIds[0], noteIds[0]] : [],
        n % 2,
        n,
      ],
    );
  }
}

const fixedAccount: Account = {
  nickname: "念念",
  identity: "写代码的人 👩‍💻",
  ideas: ["第一个想法 #读书", "第二个想法😀", "第三个想法", "第四个想法"].map((content, n) => ({
    content,
    title: n === 0 ? "标题：带冒号" : undefined,
    tags: n ? [] : ["读书"],
    pinned: n === 1,
    aiExcluded: n === 2,
    applyVersion: n < 2,
  })),
  notes: [{ title: "读书笔记", content: "# 第一章\n\n内容", tags: ["读书"], pinned: true }],
  messages: [
    { content: "你好", cite: false },
    { content: "你好！见《读书笔记》", cite: true },
  ],
};

onOneDatabase(
  (ctx) => {
    describe("the 拾念 importer", () => {
      it("reads a real export of generated accounts (Chinese, emoji, very long text) into what the account holds", async () => {
        const long = "长文😀".repeat(70_000); // 210,000 units, 280,000 bytes: across many reads
        await fc.assert(
          fc.asyncProperty(account, async (a) => {
            const u = await registerUser(ctx);
            await makeAccount(ctx, u, a, long.slice(0, 200_000));
            const zip = await exportZip(ctx, u);
            const source = zipSource(zip);
            expect(await shinianImporter.detect(source)).toBe(true);
            expect(await readAll(source)).toEqual(await expectedRecords(ctx, u.id));
          }),
          { numRuns: 6 },
        );
      });

      it("reads a format 1 export: no applied versions, no message sources, everything else the same", async () => {
        const u = await registerUser(ctx);
        const a = fc.sample(account, { numRuns: 1, seed: 16 })[0]!;
        await makeAccount(ctx, u, { ...a, ideas: a.ideas.map((i) => ({ ...i, applyVersion: true })) }, "长");
        const data = JSON.parse(dataJsonOf(await exportZip(ctx, u)));
        // a format 1 data.json, as exports made before format 2 are
        data.format = "shinian-export/1";
        for (const idea of data.ideas) delete idea.aiVersionId;
        for (const c of data.conversations) {
          for (const m of c.messages) {
            delete m.id;
            delete m.sourceIds;
          }
        }
        const source = filesSource({ "README.txt": "拾念", "data.json": JSON.stringify(data, null, 1) });
        expect(await shinianImporter.detect(source)).toBe(true);
        const expected = (await expectedRecords(ctx, u.id)).map((r) => {
          if (r.type === "idea") return { ...r, appliedVersionKey: null };
          if (r.type === "conversation")
            return { ...r, messages: r.messages.map((m) => ({ ...m, sourceKeys: [] })) };
          return r;
        });
        expect(expected.some((r) => r.type === "idea")).toBe(true);
        expect(await readAll(source)).toEqual(expected);
      });

      it("refuses each malformed record by name and in Chinese, and reads the rest", async () => {
        const u = await registerUser(ctx);
        await makeAccount(ctx, u, fixedAccount, "长笔记");
        const data = JSON.parse(dataJsonOf(await exportZip(ctx, u)));
        data.ideas[1].createdAt = "2026-13-45T25:00:00Z";
        data.ideas[2].pinned = "是";
        data.ideas[3].content = "PostgreSQL 存不下的\u0000字符";
        delete data.notes[0].content;
        data.ideaVersions[0] = "不是对象";
        data.conversations[0].messages[1].role = "系统";
        data.pointsLedger = "账本不导入，也不检查";
        const records = await readAll(filesSource({ "data.json": JSON.stringify(data) }));
        const refused = (item: string, message: string): ImportRecord => ({
          type: "refused",
          item: `「data.json」${item}`,
          message,
        });
        const expected = await expectedRecords(ctx, u.id);
        const indexOf = (type: string, n: number) =>
          expected.indexOf(expected.filter((r) => r.type === type)[n]!);
        const replaced: [number, ImportRecord][] = [
          [indexOf("idea", 1), refused("想法 #2", "创建时间格式不正确")],
          [indexOf("idea", 2), refused("想法 #3", "置顶格式不正确")],
          [indexOf("idea", 3), refused("想法 #4", "内容格式不正确")],
          [indexOf("ideaVersion", 0), refused("AI版本 #1", "格式不正确")],
          [indexOf("note", 0), refused("笔记 #1", "缺少内容")],
          [indexOf("conversation", 0), refused("对话 #1", "消息 #2 的发言方格式不正确")],
        ];
        for (const [n, record] of replaced) expected[n] = record;
        expect(records).toEqual(expected);
      });

      it("stops at JSON that does not parse, naming its line, after the records before it", async () => {
        const u = await registerUser(ctx);
        // a long note first: the broken line comes many reads into the file
        await makeAccount(ctx, u, fixedAccount, "很长的笔记。".repeat(30_000));
        const text = dataJsonOf(await exportZip(ctx, u));
        const lines = text.split("\n");
        const chat = lines.findIndex((l) => l.includes('"messages":['));
        lines[chat] = lines[chat]!.replace('"status":', '"status" ');
        const broken = lines.join("\n");
        const records = await readAll(filesSource({ "data.json": broken }));
        const expected = await expectedRecords(ctx, u.id);
        // everything before the conversation, then where it broke: at the value after "status"
        expect(records.slice(0, -1)).toEqual(expected.filter((r) => r.type !== "conversation"));
        const byte = Buffer.byteLength(broken.slice(0, broken.indexOf('"status" ') + '"status" '.length));
        expect(records.at(-1)).toEqual({
          type: "refused",
          item: "「data.json」",
          message: `第 ${chat + 1} 行（第 ${byte + 1} 字节）附近不是有效的 JSON，其后的内容未能读取`,
        });
        expect(byte).toBeGreaterThan(500_000);

        const cutAt = text.indexOf('"notes": [') + 200;
        const truncated = await readAll(filesSource({ "data.json": text.slice(0, cutAt) }));
        expect(truncated.filter((r) => r.type === "idea")).toHaveLength(fixedAccount.ideas.length);
        expect(truncated.some((r) => r.type === "note")).toBe(false);
        expect(truncated.at(-1)).toEqual({
          type: "refused",
          item: "「data.json」",
          message: `文件在第 ${Buffer.byteLength(text.slice(0, cutAt))} 字节处意外结束（文件不完整）`,
        });

        const newer = await readAll(
          filesSource({ "data.json": text.replace("shinian-export/5", "shinian-export/9") }),
        );
        expect(newer).toEqual([
          {
            type: "refused",
            item: "「data.json」",
            message: "不是本版本拾念能读取的导出格式（shinian-export/9），请先升级拾念",
          },
        ]);
      });

      it("streams a 10,000-idea export: the first idea comes before 1% of data.json is read, memory grows ≤ 64 MB", async () => {
        const u = await registerUser(ctx);
        // 500 characters an idea (1.5 kB of UTF-8, twice: content and original): data.json ≈ 32 MB
        await ctx.db.query(
          `INSERT INTO ideas (user_id, original_content, content, created_at)
           SELECT $1, repeat('念', 499) || g, repeat('想', 499) || g, now() - g * interval '1 second'
           FROM generate_series(1, 10000) g`,
          [u.id],
        );
        const zip = await exportZip(ctx, u);
        const counter = { read: 0 };
        const source = zipSource(zip, counter);
        const size = source.files.find((f) => f.name === "data.json")!.size;
        expect(size).toBeGreaterThan(30_000_000);
        // what stays reachable: garbage not yet collected is not the reader's to answer for
        const used = () => {
          gc();
          return process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
        };
        const before = used();
        let peak = 0;
        let ideas = 0;
        let readAtFirstIdea = 0;
        for await (const r of shinianImporter.read(source)) {
          if (r.type !== "idea") continue;
          if (++ideas === 1) readAtFirstIdea = counter.read;
          if (ideas % 1000 === 0) peak = Math.max(peak, used() - before);
        }
        expect(ideas).toBe(10_000);
        expect(counter.read).toBe(size);
        expect(readAtFirstIdea).toBeLessThan(size / 100);
        expect(peak).toBeLessThan(64 * 1024 * 1024);
      });

      it("reads a format 3 export's images as records holding their files, one per entry of files/", async () => {
        const image = (id: string, extra: object = {}) => ({
          id,
          itemId: "i1",
          position: 1,
          kind: "image",
          contentType: "image/png",
          name: "白板.png",
          size: 3,
          file: `files/${id}.png`,
          createdAt: "2024-01-01T00:00:00.000Z",
          ...extra,
        });
        const text = JSON.stringify({
          format: "shinian-export/3",
          attachments: [
            image("f1"),
            image("f2", { file: "files/missing.png", position: 2 }),
            image("f3", { kind: "video", name: "录像.mp4" }),
            image("f4", { position: 0 }),
            image("f5", { file: "/etc/passwd" }),
            // left the bucket while the export ran: the export says so with null
            image("f6", { file: null }),
          ],
        });
        const records = await readAll(
          filesSource({ "导出/data.json": text, "导出/files/f1.png": "png", "/etc/passwd": "x" }),
        );
        expect(records).toEqual([
          {
            type: "attachment",
            kind: "image",
            key: "f1",
            itemKey: "i1",
            position: 1,
            name: "白板.png",
            createdAt: new Date("2024-01-01T00:00:00.000Z"),
            durationMs: null, // a picture has none
            file: expect.objectContaining({ name: "导出/files/f1.png", size: 3 }),
          },
          expect.objectContaining({ type: "attachment", key: "f2", position: 2, file: null }),
          {
            type: "refused",
            item: "「导出/data.json」图片 #3「录像.mp4」",
            message: "暂不能导入这种附件（video），已跳过",
          },
          { type: "refused", item: "「导出/data.json」图片 #4", message: "位置格式不正确" },
          expect.objectContaining({ type: "attachment", key: "f5", file: null }),
          expect.objectContaining({ type: "attachment", key: "f6", file: null }),
        ]);
      });

      it("refuses a value over 16 MB by its line without reading on, after the records before it", async () => {
        const idea = (id: string, content: string) =>
          JSON.stringify({
            id,
            originalContent: content,
            title: "",
            content,
            tags: [],
            pinned: false,
            aiExcluded: false,
            createdAt: "2024-01-01T00:00:00+08:00",
            updatedAt: "2024-01-01T00:00:00+08:00",
          });
        const huge = "念".repeat(6 * 1024 * 1024); // 18 MB of UTF-8
        const text = `{\n"format": "shinian-export/2",\n"ideas": [\n${idea("a", "想")},\n${idea("b", huge)}\n]}`;
        const counter = { read: 0 };
        const records = await readAll(zipSource(zipSync({ "data.json": strToU8(text) }), counter));
        expect(
          records.map((r) => r.type),
          JSON.stringify(records),
        ).toEqual(["idea", "refused"]);
        expect(records[1]).toEqual({
          type: "refused",
          item: "「data.json」",
          message: "第 5 行附近的一条记录超过 16 MB，无法读取，其后的内容未能读取",
        });
        expect(counter.read).toBeLessThan(MAX_RECORD_BYTES + 1024 * 1024);
      });

      it("detects 拾念 exports by data.json's first member only, and up to the current format", async () => {
        const detect = (files: Record<string, string>) => shinianImporter.detect(filesSource(files));
        const head = (format: string) => `{\n"format": "${format}",\n"ideas": []}`;
        expect(await detect({ "data.json": head("shinian-export/1") })).toBe(true);
        expect(
          await detect({ "拾念导出/data.json": head("shinian-export/2"), "拾念导出/README.txt": "" }),
        ).toBe(true);
        expect(await detect({ "data.json": head("shinian-export/3") })).toBe(true);
        expect(await detect({ "data.json": head("shinian-export/4") })).toBe(true);
        expect(await detect({ "data.json": head("shinian-export/5") })).toBe(true);
        expect(await detect({ "data.json": head("shinian-export/6") })).toBe(false);
        expect(await detect({ "data.json": head("memos-export/1") })).toBe(false);
        expect(await detect({ "data.json": '{"ideas": [], "format": "shinian-export/2"}' })).toBe(false);
        expect(await detect({ "export.json": head("shinian-export/2") })).toBe(false);
        expect(await detect({ "a/b/data.json": head("shinian-export/2") })).toBe(false);
        expect(await detect({ "index.html": "<div class=memo>", "file/a.png": "png" })).toBe(false);
      });
    });
  },
  { EXPORT_COOLDOWN: "0" },
);
