/**
 * memos (usememos/memos) has no export: its SQLite database (`memos_prod.db`) is read as it is, with
 * sql.js (WebAssembly: nothing native to build), which needs it whole in memory. The `memo` table's
 * columns from 0.18 on, and what is imported (archived memos, every user's) or not (visibility;
 * attachments, listed as skipped): server/docs/internals.md, "Import".
 */

import "../wasm-wrappers.ts";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { CreateIdeaRequestSchema } from "@shinian/contract/items";
import { TagPathSchema } from "@shinian/contract/tag-schemas";
import { MAX_TAGS, withTypedTags } from "@shinian/contract/tags";
import initSqlJs, { type Database, type SqlValue, type Statement } from "sql.js";

import { ApiError } from "../errors.ts";
import { bytesOf, headOf } from "./file-text.ts";
import {
  ACCEPTED_FILES,
  type ImportedIdea,
  type ImporterModule,
  type ImportRecord,
  type RefusedRecord,
  refused,
  type SourceFile,
} from "./records.ts";

/** The largest database read, the default upload limit: sql.js holds it (twice at the peak). */
export const MEMOS_DB_MAX_BYTES = 200 * 1024 * 1024;
const SQLITE_MAGIC = "SQLite format 3\0";

export const memosImporter: ImporterModule = {
  kind: "memos",
  async detect(source) {
    for (const file of source.files) if ((await databaseOf(file)) === "memos") return true;
    return false;
  },
  async whyNot(source) {
    for (const [is, refusal] of Object.entries(refusals)) {
      for (const file of source.files) if ((await databaseOf(file)) === is) return refusal(nameOf(file));
    }
    return null;
  },
  async *read(source) {
    for (const file of source.files) {
      if ((await databaseOf(file)) !== "memos") continue;
      yield* readDatabase(file);
      return;
    }
  },
};

/** What is wrong with an SQLite file that is not a memos database, the most telling first. */
const refusals = {
  tooLarge: (name: string) =>
    new ApiError("PAYLOAD_TOO_LARGE", `${name}超过 ${MEMOS_DB_MAX_BYTES / 1024 / 1024} MB，无法读取`),
  unopenable: (name: string) =>
    new ApiError(
      "VALIDATION_ERROR",
      `${name}是 SQLite 数据库文件，但无法打开，可能已经损坏，请确认文件完整后重试`,
    ),
  other: (name: string) =>
    new ApiError(
      "UNSUPPORTED_MEDIA_TYPE",
      `${name}是 SQLite 数据库，但不是 memos 的数据库（没有可读取的 memo 表）。${ACCEPTED_FILES}`,
    ),
};

/** A file's name in a message, not too long (a zip's entry names may be long). */
const nameOf = (file: SourceFile) =>
  `「${file.name.length > 80 ? `${file.name.slice(0, 80)}…` : file.name}」`;

/**
 * What a file is: a memos database (an SQLite file with a readable `memo` table), one too large
 * to read, one that cannot be opened, another SQLite database, or none (null). Remembered per
 * file: detecting, refusing and reading ask again, and opening reads the file whole.
 */
type Found = "memos" | "tooLarge" | "unopenable" | "other";
const databases = new WeakMap<SourceFile, Promise<Found | null>>();
function databaseOf(file: SourceFile): Promise<Found | null> {
  if (!databases.has(file)) databases.set(file, findDatabase(file));
  return databases.get(file)!;
}

async function findDatabase(file: SourceFile): Promise<Found | null> {
  if ((await headOf(file, SQLITE_MAGIC.length)).toString("latin1") !== SQLITE_MAGIC) return null;
  if (file.size > MEMOS_DB_MAX_BYTES) return "tooLarge";
  const db = await openDatabase(file).catch(() => undefined);
  if (!db) return "unopenable";
  try {
    const columns = plainColumnsOf(db, "memo");
    return ["id", "content", "created_ts"].every((c) => columns.has(c)) ? "memos" : "other";
  } catch {
    return "unopenable"; // sql.js opens any bytes; the first query finds them damaged
  } finally {
    db.close();
  }
}

async function* readDatabase(file: SourceFile): AsyncGenerator<ImportRecord> {
  const db = await openDatabase(file).catch(() => undefined);
  if (!db) return yield refused(`「${file.name}」`, "无法打开数据库文件");
  const memo = (id: unknown) => `「${file.name}」中 id 为 ${String(id)} 的 memo`;
  let lastId: unknown;
  const statements: Statement[] = [];
  try {
    const rows = db.prepare(memoQuery(db));
    statements.push(rows);
    const attachments = attachmentReader(db, statements);
    const pinnedHere = organizerReader(db, statements);
    while (rows.step()) {
      const row = rows.getAsObject();
      lastId = row.id;
      if (pinnedHere) row.pinned = pinnedHere(row.id).length > 0 ? 1 : 0;
      yield ideaOf(row, memo(row.id));
      for (const name of attachments(row.id)) yield refused(`「${name}」`, "附件暂不能导入，已跳过");
    }
  } catch {
    const where = lastId === undefined ? `「${file.name}」` : `${memo(lastId)}之后`;
    yield refused(where, "数据库文件已损坏，其余的 memo 无法读取");
  } finally {
    for (const statement of statements) statement.free();
    db.close();
  }
}

function memoQuery(db: Database): string {
  const columns = plainColumnsOf(db, "memo");
  const column = (name: string) => (columns.has(name) ? `m.${name}` : "NULL");
  const uid = columns.has("uid") ? "m.uid" : column("resource_name");
  return `SELECT m.id AS id, ${uid} AS uid, m.content AS content, m.created_ts AS created_ts,
    ${column("updated_ts")} AS updated_ts, ${column("pinned")} AS pinned, ${column("tags")} AS tags,
    ${column("row_status")} AS row_status,
    ${column("payload")} AS payload FROM memo m ORDER BY m.id`;
}

/**
 * Before 0.24 a memo's pin is a row of memo_organizer: the pinned memos' ids, read alongside the
 * memos. Looked up per memo, a file without an index the lookup can use (none on memo_id, or one
 * of another type) made the read quadratic: 26 s for a 0.5 MB file (docs/security.md).
 */
function organizerReader(db: Database, statements: Statement[]) {
  if (plainColumnsOf(db, "memo").has("pinned")) return null;
  if (!["memo_id", "pinned"].every((c) => plainColumnsOf(db, "memo_organizer").has(c))) return null;
  return alongside(
    db,
    statements,
    `SELECT CAST(memo_id AS INTEGER) AS memo_key, 1 FROM memo_organizer
     WHERE pinned = 1 AND memo_id IS NOT NULL ORDER BY memo_key`,
  );
}

/** The file names of each memo's attachments, read alongside the memos (0.26 dropped the index on memo_id). */
function attachmentReader(
  db: Database,
  statements: Statement[],
): (memoId: SqlValue | undefined) => SqlValue[] {
  const table = ["attachment", "resource"].find((t) => {
    const columns = plainColumnsOf(db, t);
    return ["id", "memo_id", "filename"].every((c) => columns.has(c));
  });
  if (!table) return () => [];
  return alongside(
    db,
    statements,
    `SELECT CAST(memo_id AS INTEGER) AS memo_key, filename FROM ${table} WHERE memo_id IS NOT NULL ORDER BY memo_key, id`,
  );
}

/** `sql`'s rows (memo id, value), in memo id order, walked alongside the memos: one sort each. */
function alongside(db: Database, statements: Statement[], sql: string) {
  const rows = db.prepare(sql);
  statements.push(rows);
  const next = () => (rows.step() ? (rows.get() as [number, SqlValue]) : undefined);
  let current = next();
  return (memoId: SqlValue | undefined) => {
    const values: SqlValue[] = [];
    while (current && typeof memoId === "number" && current[0] <= memoId) {
      if (current[0] === memoId) values.push(current[1]);
      current = next();
    }
    return values;
  };
}

function ideaOf(row: Record<string, SqlValue>, item: string): ImportedIdea | RefusedRecord {
  const { id, uid, content } = row;
  if (typeof id !== "number") return refused(item, "id 不是数字，未导入");
  const createdAt = unixTime(row.created_ts);
  if (!createdAt) return refused(item, "创建时间无效，未导入");
  if (typeof content !== "string") return refused(item, "内容不是文本，未导入");
  const valid = CreateIdeaRequestSchema.shape.content.safeParse(content);
  if (!valid.success) return refused(item, `${valid.error.issues[0]!.message}，未导入`);
  const updatedAt = unixTime(row.updated_ts);
  const lastChange = updatedAt && updatedAt > createdAt ? updatedAt : createdAt;
  return {
    type: "idea",
    // uid is random and never changes; before 0.19 there is only the row id, which another memos
    // instance also has: its created time tells the two apart
    key: typeof uid === "string" && uid ? `memos:${uid}` : `memos:${id}@${row.created_ts}`,
    originalContent: content,
    content,
    title: "",
    tags: withTypedTags(givenTags(row.payload, row.tags), content).slice(0, MAX_TAGS),
    pinned: row.pinned === 1,
    aiExcluded: false,
    createdAt,
    updatedAt: lastChange,
    appliedVersionKey: null,
    // archived in memos: 归档 here too, since its last change (memos keeps no archive time)
    ...(row.row_status === "ARCHIVED" ? { archivedAt: lastChange } : {}),
  };
}

/** Tags memos stored beside the content (payload.tags, or 0.22's tags column): the valid ones. */
function givenTags(payload: SqlValue | undefined, tagsColumn: SqlValue | undefined): string[] {
  const fromJson = (value: SqlValue | undefined, pick: (parsed: unknown) => unknown) => {
    if (typeof value !== "string") return [];
    try {
      const tags = pick(JSON.parse(value));
      return Array.isArray(tags) ? tags : [];
    } catch {
      return [];
    }
  };
  const tags = [
    ...fromJson(payload, (p) => (p as { tags?: unknown } | null)?.tags),
    ...fromJson(tagsColumn, (t) => t),
  ];
  return tags.flatMap((tag) => {
    const valid = TagPathSchema.safeParse(tag);
    return valid.success ? [valid.data] : [];
  });
}

function unixTime(value: SqlValue | undefined): Date | null {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) return null;
  const date = new Date(value * 1000);
  return date.getUTCFullYear() <= 9999 ? date : null;
}

/**
 * The columns of a stored table, or none when `table` is anything else. sql.js runs a query to
 * its end synchronously, freezing the process: every query here is a scan of stored rows, never a
 * view (a recursive one never ends), a virtual table or a generated column, which a crafted file
 * could make compute without bound.
 */
function plainColumnsOf(db: Database, table: string): Set<string> {
  // SQLite's own word on what the name is ('view', 'virtual', 'shadow' or 'table'), whatever the
  // schema's text says
  const stored = db.exec(
    "SELECT 1 FROM pragma_table_list WHERE schema = 'main' AND name = $name AND type = 'table'",
    { $name: table },
  );
  if (!stored.length) return new Set();
  const result = db.exec("SELECT name, hidden FROM pragma_table_xinfo($name)", { $name: table });
  const rows = result[0]?.values ?? [];
  if (rows.some((row) => row[1] !== 0)) return new Set();
  return new Set(rows.map((row) => String(row[0])));
}

async function openDatabase(file: SourceFile): Promise<Database> {
  const SQL = await sqlJs();
  const bytes = await bytesOf(file, MEMOS_DB_MAX_BYTES);
  if (!bytes) throw new Error("larger than MEMOS_DB_MAX_BYTES");
  return new SQL.Database(bytes);
}

let loading: ReturnType<typeof initSqlJs> | undefined;
/**
 * sql.js, its WebAssembly file found through node_modules (also from the server's bundle, which
 * cannot carry it), loaded once per process.
 */
function sqlJs(): ReturnType<typeof initSqlJs> {
  const require = createRequire(import.meta.url);
  loading ??= initSqlJs({
    wasmBinary: new Uint8Array(readFileSync(require.resolve("sql.js/dist/sql-wasm.wasm"))).buffer,
  });
  return loading;
}
