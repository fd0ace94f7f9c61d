import { createRequire } from "node:module";
import { Readable } from "node:stream";
import initSqlJs from "sql.js";
import { describe, expect, it } from "vitest";
import { MEMOS_DB_MAX_BYTES, memosImporter } from "../../src/import/memos.ts";
import {
  ACCEPTED_FILES,
  type ImportRecord,
  type ImportSource,
  type SourceFile,
} from "../../src/import/records.ts";
import { flomoZip } from "./flomo-fixture.ts";

const require = createRequire(import.meta.url);
const SQL = await initSqlJs({ locateFile: (name: string) => require.resolve(`sql.js/dist/${name}`) });

/** The tables memos creates (store/migration/sqlite in usememos/memos), as far as they matter here. */
const SCHEMAS = {
  "0.18": `
    CREATE TABLE memo (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      creator_id INTEGER NOT NULL,
      created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
      updated_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
      row_status TEXT NOT NULL CHECK (row_status IN ('NORMAL', 'ARCHIVED')) DEFAULT 'NORMAL',
      content TEXT NOT NULL DEFAULT '',
      visibility TEXT NOT NULL CHECK (visibility IN ('PUBLIC', 'PROTECTED', 'PRIVATE')) DEFAULT 'PRIVATE'
    );
    CREATE TABLE memo_organizer (
      memo_id INTEGER NOT NULL, user_id INTEGER NOT NULL,
      pinned INTEGER NOT NULL CHECK (pinned IN (0, 1)) DEFAULT 0, UNIQUE(memo_id, user_id)
    );
    CREATE TABLE resource (
      id INTEGER PRIMARY KEY AUTOINCREMENT, creator_id INTEGER NOT NULL,
      created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
      updated_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
      filename TEXT NOT NULL DEFAULT '', blob BLOB DEFAULT NULL, external_link TEXT NOT NULL DEFAULT '',
      type TEXT NOT NULL DEFAULT '', size INTEGER NOT NULL DEFAULT 0, internal_path TEXT NOT NULL DEFAULT '',
      memo_id INTEGER
    );`,
  "0.22": `
    CREATE TABLE memo (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      uid TEXT NOT NULL UNIQUE,
      creator_id INTEGER NOT NULL,
      created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
      updated_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
      row_status TEXT NOT NULL CHECK (row_status IN ('NORMAL', 'ARCHIVED')) DEFAULT 'NORMAL',
      content TEXT NOT NULL DEFAULT '',
      visibility TEXT NOT NULL CHECK (visibility IN ('PUBLIC', 'PROTECTED', 'PRIVATE')) DEFAULT 'PRIVATE',
      tags TEXT NOT NULL DEFAULT '[]',
      payload TEXT NOT NULL DEFAULT '{}'
    );
    CREATE TABLE memo_organizer (
      memo_id INTEGER NOT NULL, user_id INTEGER NOT NULL,
      pinned INTEGER NOT NULL CHECK (pinned IN (0, 1)) DEFAULT 0, UNIQUE(memo_id, user_id)
    );`,
  latest: `
    CREATE TABLE memo (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      uid TEXT NOT NULL UNIQUE,
      creator_id INTEGER NOT NULL,
      created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
      updated_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
      row_status TEXT NOT NULL CHECK (row_status IN ('NORMAL', 'ARCHIVED')) DEFAULT 'NORMAL',
      content TEXT NOT NULL DEFAULT '',
      visibility TEXT NOT NULL CHECK (visibility IN ('PUBLIC', 'PROTECTED', 'PRIVATE')) DEFAULT 'PRIVATE',
      pinned INTEGER NOT NULL CHECK (pinned IN (0, 1)) DEFAULT 0,
      payload TEXT NOT NULL DEFAULT '{}'
    );
    CREATE TABLE attachment (
      id INTEGER PRIMARY KEY AUTOINCREMENT, uid TEXT NOT NULL UNIQUE, creator_id INTEGER NOT NULL,
      created_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
      updated_ts BIGINT NOT NULL DEFAULT (strftime('%s', 'now')),
      filename TEXT NOT NULL DEFAULT '', blob BLOB DEFAULT NULL, type TEXT NOT NULL DEFAULT '',
      size INTEGER NOT NULL DEFAULT 0, memo_id INTEGER, storage_type TEXT NOT NULL DEFAULT '',
      reference TEXT NOT NULL DEFAULT '', payload TEXT NOT NULL DEFAULT '{}'
    );`,
};

/** A memos database file: the schema, then the statements, in WAL mode as memos leaves it. */
function memosDb(version: keyof typeof SCHEMAS, fill: string): Uint8Array {
  const db = new SQL.Database();
  db.run(SCHEMAS[version]);
  db.run(fill);
  const bytes = db.export();
  db.close();
  // memos opens its database with journal_mode=WAL, which marks the header's read/write versions
  bytes[18] = 2;
  bytes[19] = 2;
  return bytes;
}

function file(name: string, bytes: Uint8Array | string, size?: number): SourceFile {
  const data = Buffer.from(bytes);
  return {
    name,
    size: size ?? data.byteLength,
    async open() {
      const chunks: Buffer[] = [];
      for (let i = 0; i < data.byteLength; i += 16 * 1024) chunks.push(data.subarray(i, i + 16 * 1024));
      return Readable.from(chunks);
    },
  };
}

async function read(source: ImportSource): Promise<ImportRecord[]> {
  const records: ImportRecord[] = [];
  for await (const record of memosImporter.read(source)) records.push(record);
  return records;
}

const at = (s: number) => new Date(s * 1000);
const idea = (
  key: string,
  content: string,
  tags: string[],
  pinned: boolean,
  created: number,
  updated = created,
) => ({
  type: "idea",
  key,
  originalContent: content,
  content,
  title: "",
  tags,
  pinned,
  aiExcluded: false,
  createdAt: at(created),
  updatedAt: at(updated),
  appliedVersionKey: null,
});
const refused = (item: string, message: string) => ({ type: "refused", item, message });
const memo = (id: number) => `「memos_prod.db」中 id 为 ${id} 的 memo`;

describe("memos import", () => {
  it("reads the latest schema: pinned and payload tags, archived memos too, attachments listed as skipped", async () => {
    const bytes = memosDb(
      "latest",
      `INSERT INTO memo (id, uid, creator_id, created_ts, updated_ts, row_status, content, visibility, pinned, payload) VALUES
        (1, 'a1b2c3', 1, 1704067200, 1704153600, 'NORMAL', '#读书/小说 读完了

- 要点一
- **要点二**', 'PRIVATE', 1, '{"tags":["读书/小说"],"property":{"hasTaskList":false}}'),
        (2, 'd4e5f6', 1, 1704070800, 1704000000, 'ARCHIVED', '归档了的 memo', 'PUBLIC', 0, '{}'),
        (3, 'g7h8i9', 1, 1704074400, 1704074400, 'NORMAL', '#新 内容 #bad-tag', 'PROTECTED', 0,
          '{"tags":["旧标签", "", "这个标签太长了超过了二十个字所以不要它了吧", 7]}'),
        (4, 'j1', 1, 'abc', 1704074400, 'NORMAL', '时间坏了', 'PRIVATE', 0, '{}'),
        (5, 'j2', 1, 1704074400, 1704074400, 'NORMAL', '   ', 'PRIVATE', 0, '{}'),
        (6, 'j3', 1, 1704074400, 1704074400, 'NORMAL', X'00ff', 'PRIVATE', 0, '{}'),
        (7, 'j4', 1, 1704078000, 1704078000, 'NORMAL', '坏的 payload #照样', 'PRIVATE', 0, '{"tags":');
      INSERT INTO attachment (uid, creator_id, filename, memo_id) VALUES
        ('r1', 1, '照片.png', 1), ('r2', 1, '不属于任何 memo.pdf', NULL), ('r3', 1, '录音.m4a', 1), ('r4', 1, '图.jpg', 7);`,
    );
    const source = { files: [file("memos_prod.db", bytes)] };
    expect(await memosImporter.detect(source)).toBe(true);
    expect(await read(source)).toEqual([
      idea(
        "memos:a1b2c3",
        "#读书/小说 读完了\n\n- 要点一\n- **要点二**",
        ["读书/小说"],
        true,
        1704067200,
        1704153600,
      ),
      refused("「照片.png」", "附件暂不能导入，已跳过"),
      refused("「录音.m4a」", "附件暂不能导入，已跳过"),
      // archived in memos: 归档 here, since its last change
      {
        ...idea("memos:d4e5f6", "归档了的 memo", [], false, 1704070800),
        archivedAt: new Date(1704070800 * 1000),
      },
      idea("memos:g7h8i9", "#新 内容 #bad-tag", ["旧标签", "新", "bad"], false, 1704074400),
      refused(memo(4), "创建时间无效，未导入"),
      refused(memo(5), "内容不能为空，未导入"),
      refused(memo(6), "内容不是文本，未导入"),
      idea("memos:j4", "坏的 payload #照样", ["照样"], false, 1704078000),
      refused("「图.jpg」", "附件暂不能导入，已跳过"),
    ]);
    expect(await read(source)).toEqual(await read(source));
  });

  it("reads 0.22 (tags column, memo_organizer) and 0.18 (no uid, no payload) databases", async () => {
    const v22 = memosDb(
      "0.22",
      `INSERT INTO memo (id, uid, creator_id, created_ts, updated_ts, content, tags, payload) VALUES
        (1, 'aa', 1, 1650000000, 1650000000, '去了海边 #旅行', '["旅行"]', '{"tags":["旅行"]}'),
        (2, 'bb', 1, 1650000100, 1650000200, '第二条', '["旧"]', '{}');
      INSERT INTO memo_organizer VALUES (2, 1, 1), (1, 1, 0);`,
    );
    expect(await read({ files: [file("memos_prod.db", v22)] })).toEqual([
      idea("memos:aa", "去了海边 #旅行", ["旅行"], false, 1650000000),
      idea("memos:bb", "第二条", ["旧"], true, 1650000100, 1650000200),
    ]);

    const v18 = memosDb(
      "0.18",
      `INSERT INTO memo (id, creator_id, created_ts, updated_ts, content) VALUES
        (1, 1, 1600000000, 1600000000, '#工作 周报'), (2, 1, 1600000500, 1600000600, '午饭');
      INSERT INTO memo_organizer VALUES (1, 1, 1);
      INSERT INTO resource (creator_id, filename, memo_id) VALUES (1, 'a.jpg', 2);`,
    );
    // inside an upload of several files (a zip), named otherwise: the contents decide
    const source = { files: [file("备份/说明.txt", "memos 备份"), file("备份/data", v18)] };
    expect(await memosImporter.detect(source)).toBe(true);
    expect(await read(source)).toEqual([
      idea("memos:1@1600000000", "#工作 周报", ["工作"], true, 1600000000),
      idea("memos:2@1600000500", "午饭", [], false, 1600000500, 1600000600),
      refused("「a.jpg」", "附件暂不能导入，已跳过"),
    ]);
  });

  it("says no to files that are not a memos database", async () => {
    const other = new SQL.Database();
    other.run("CREATE TABLE note (id INTEGER PRIMARY KEY, content TEXT)");
    const noMemoTable = other.export();
    other.close();
    for (const f of [
      file("memos_prod.db", noMemoTable),
      file("memos_prod.db", "SQLite format 3"),
      file("memos_prod.db", `SQLite format 3\0${"坏".repeat(2000)}`),
      file("memos_prod.db", "这不是数据库"),
      file("memos_prod.db", flomoZip({ memos: 2 })),
    ]) {
      expect(await memosImporter.detect({ files: [f] })).toBe(false);
    }
    // when no kind is found, the refusal says what is wrong with an SQLite file, by its name
    const whyNot = async (...files: SourceFile[]) => {
      const refusal = await memosImporter.whyNot!({ files: [file("说明.txt", "备份"), ...files] });
      return refusal && { code: refusal.code, message: refusal.message };
    };
    const damaged = file("memos_prod.db", `SQLite format 3\0${"坏".repeat(2000)}`);
    expect(await whyNot(file("other.db", noMemoTable))).toEqual({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: `「other.db」是 SQLite 数据库，但不是 memos 的数据库（没有可读取的 memo 表）。${ACCEPTED_FILES}`,
    });
    // the damaged one is named, whichever comes first
    expect(await whyNot(file("other.db", noMemoTable), damaged)).toEqual({
      code: "VALIDATION_ERROR",
      message: "「memos_prod.db」是 SQLite 数据库文件，但无法打开，可能已经损坏，请确认文件完整后重试",
    });
    expect(await whyNot(file(`${"很长的名字".repeat(30)}.db`, noMemoTable))).toMatchObject({
      message: expect.stringMatching(/^「(很长的名字){16}…」是 SQLite 数据库/),
    });
    expect(await whyNot(file("memos_prod.db", "这不是数据库"))).toBeNull();
  });

  it("says no at once to a `memo` that is a view, or a table with generated columns: sql.js would run their queries without end", async () => {
    const crafted = (schema: string) => {
      const db = new SQL.Database();
      db.run(schema);
      const bytes = db.export();
      db.close();
      return file("memos_prod.db", bytes);
    };
    const endless = crafted(`CREATE VIEW memo AS
      WITH RECURSIVE n(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM n)
      SELECT id, '念' AS content, 1700000000 AS created_ts FROM n`);
    const generated = crafted(`CREATE TABLE memo (id INTEGER PRIMARY KEY, created_ts INTEGER,
      content TEXT GENERATED ALWAYS AS (id || '念') VIRTUAL);
      INSERT INTO memo (id, created_ts) VALUES (1, 1700000000);`);
    const virtual = crafted(`CREATE VIRTUAL TABLE memo USING fts4(id, content, created_ts);
      INSERT INTO memo VALUES (1, '念', 1700000000);`);
    const started = Date.now();
    for (const f of [endless, generated, virtual]) {
      expect(await memosImporter.detect({ files: [f] })).toBe(false);
      expect(await read({ files: [f] })).toEqual([]);
    }
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("refuses what follows a damaged page by the last memo read, keeping what came before", async () => {
    const rows = Array.from(
      { length: 300 },
      (_, i) =>
        `(${i + 1}, 'u${i + 1}', 1, ${1700000000 + i}, ${1700000000 + i}, '${"记".repeat(200)} ${i + 1}')`,
    );
    const bytes = memosDb(
      "latest",
      `INSERT INTO memo (id, uid, creator_id, created_ts, updated_ts, content) VALUES ${rows.join(",")};`,
    );
    const pageSize = (bytes[16]! << 8) | bytes[17]!;
    // the last page holds the last memos: overwrite it with what no SQLite page can be
    bytes.fill(0xff, bytes.length - pageSize);
    const source = { files: [file("memos_prod.db", bytes)] };
    expect(await memosImporter.detect(source)).toBe(true);
    const records = await read(source);
    const ideas = records.filter((r) => r.type === "idea");
    expect(ideas.length).toBeGreaterThan(200);
    expect(ideas.length).toBeLessThan(300);
    expect(ideas.map((r) => r.key)).toEqual(ideas.map((_, i) => `memos:u${i + 1}`));
    expect(records.at(-1)).toEqual(
      refused(`${memo(ideas.length)}之后`, "数据库文件已损坏，其余的 memo 无法读取"),
    );
    expect(records).toHaveLength(ideas.length + 1);
  });

  it("refuses a database larger than it can hold, saying so, and does not take a folder of notes for one", async () => {
    const large = file("memos_prod.db", "SQLite format 3\0", MEMOS_DB_MAX_BYTES + 1);
    expect(await memosImporter.detect({ files: [large] })).toBe(false);
    const refusal = await memosImporter.whyNot!({ files: [large] });
    expect(refusal && { code: refusal.code, message: refusal.message }).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: "「memos_prod.db」超过 200 MB，无法读取",
    });
    // a zip of notes that also holds a large database is not a memos import (Markdown reads it)
    expect(await memosImporter.detect({ files: [file("笔记.md", "# 读书"), large] })).toBe(false);
    expect(await read({ files: [large] })).toEqual([]);
  });
  it("reads a crafted 0.18 file whose memo_organizer no index can serve in linear time, pins kept (issue 30)", async () => {
    // memo_id typed TEXT: SQLite's own automatic index cannot serve `o.memo_id = m.id`, so a
    // lookup per memo scans the whole table: ~5 s for 6,000 memos (0.2 MB) before the fix
    const crafted = (memos: number) => {
      const db = new SQL.Database();
      db.run(`CREATE TABLE memo (id INTEGER PRIMARY KEY, created_ts BIGINT NOT NULL, content TEXT NOT NULL);
        CREATE TABLE memo_organizer (memo_id TEXT, user_id INTEGER, pinned INTEGER);`);
      db.run("BEGIN");
      const memoRow = db.prepare("INSERT INTO memo VALUES (?, ?, ?)");
      const pinRow = db.prepare("INSERT INTO memo_organizer VALUES (?, 1, ?)");
      for (let id = 1; id <= memos; id++) {
        memoRow.run([id, 1700000000 + id, `第 ${id} 条`]);
        pinRow.run([String(id), id % 1000 === 0 ? 1 : 0]);
      }
      memoRow.free();
      pinRow.free();
      db.run("COMMIT");
      const source = { files: [file("memos_prod.db", db.export())] };
      db.close();
      return source;
    };
    /** The quicker of two readings: a busy machine slows one, seldom both. */
    const timed = async (source: ReturnType<typeof crafted>) => {
      let best = Number.POSITIVE_INFINITY;
      let records: ImportRecord[] = [];
      for (let i = 0; i < 2; i++) {
        const started = performance.now();
        records = await read(source);
        best = Math.min(best, performance.now() - started);
      }
      return { ms: best, records };
    };
    // four times the memos: about four times the time when linear, sixteen when quadratic
    const small = await timed(crafted(1500));
    const large = await timed(crafted(6000));
    expect(large.ms / small.ms).toBeLessThan(8);
    expect(small.records).toHaveLength(1500);
    expect(large.records).toHaveLength(6000);
    const pinned = large.records.flatMap((r) => (r.type === "idea" && r.pinned ? [r.key] : []));
    expect(pinned).toEqual([1, 2, 3, 4, 5, 6].map((k) => `memos:${k * 1000}@${1700000000 + k * 1000}`));
  }, 60_000);
});
