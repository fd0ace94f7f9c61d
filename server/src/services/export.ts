import { EXPORT_FILE_PREFIX, type ExportCount } from "@shinian/contract";
import type { DbClient } from "../db/pool.ts";
import { CURSOR_US, fromUs } from "../lib/cursor.ts";
import { toVersion, VERSION_COLUMNS, type VersionRow } from "./ai/tidy.ts";
import { IDEA_COLUMNS, type IdeaRow, NOTE_COLUMNS, type NoteRow, toIdea, toNote } from "./items.ts";
import { getUser } from "./users.ts";
import { ZipWriter } from "./zip-writer.ts";

const BATCH = 500;
const NOTE_BATCH = 25; // × 200,000 characters at most
const CONVERSATION_BATCH = 20; // each with all its messages
const STORE_BELOW = 2048; // deflating a few hundred bytes saves little and costs a zlib set-up
const TZ = "Asia/Shanghai";
const BEIJING_OFFSET_MINUTES = 480; // no daylight saving time

// Built on first use, then kept: constructing an Intl.DateTimeFormat costs far more than
// formatting with it, and building it at start-up pages in ~15 MB of ICU time-zone data that an
// idle server never reads (docs/benchmarks.md, "Start-up without a TypeScript loader").
let beijingFormat: Intl.DateTimeFormat | null = null;
const beijing = () =>
  (beijingFormat ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: TZ,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }));
const parts = (d: Date) =>
  Object.fromEntries(
    beijing()
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  ) as Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;

/** 2026-11-22 19:30:00 (Beijing time), the form users read in messages. */
export function formatChinaTime(d: Date): string {
  const p = parts(d);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** 拾念导出_YYYYMMDD_HHMMSS.zip in Beijing time. */
export function exportFileName(d: Date): string {
  const p = parts(d);
  return `${EXPORT_FILE_PREFIX}_${p.year}${p.month}${p.day}_${p.hour}${p.minute}${p.second}.zip`;
}

/** attachment with an ASCII fallback and the UTF-8 name per RFC 5987/6266. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(EXPORT_FILE_PREFIX, "shinian-export").replace(/[^\x20-\x7e]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const yamlString = (s: string) => JSON.stringify(s); // a JSON string is a valid YAML double-quoted scalar
const yamlList = (xs: string[]) => `[${xs.map(yamlString).join(", ")}]`;
// 30 characters, not UTF-16 units: slicing units could cut an emoji in half (an invalid name)
const safeName = (s: string) =>
  Array.from(s.replace(/[\\/:*?"<>|\p{Cc}\s]+/gu, "_").replace(/^[._]+|_+$/g, ""))
    .slice(0, 30)
    .join("")
    .replace(/_+$/, "");
const day = (d: Date) => {
  const p = parts(d);
  return `${p.year}-${p.month}-${p.day}`;
};

function ideaMarkdown(i: IdeaRow): string {
  const front = [
    "---",
    `id: ${i.id}`,
    `title: ${yamlString(i.title)}`,
    `tags: ${yamlList(i.tags)}`,
    `created: ${i.created_at.toISOString()}`,
    `updated: ${i.updated_at.toISOString()}`,
    `pinned: ${i.pinned}`,
    `aiExcluded: ${i.ai_excluded}`,
    "---",
    "",
  ];
  const body = [i.title ? `# ${i.title}\n` : "", i.content, "", "## 原始内容", "", i.original_content, ""];
  return [...front, ...body].join("\n");
}

function noteMarkdown(n: NoteRow): string {
  return [
    "---",
    `id: ${n.id}`,
    `title: ${yamlString(n.title)}`,
    `tags: ${yamlList(n.tags)}`,
    `created: ${n.created_at.toISOString()}`,
    `updated: ${n.updated_at.toISOString()}`,
    `sourceIdeaIds: ${yamlList(n.source_idea_ids)}`,
    "---",
    "",
    n.content,
    "",
  ].join("\n");
}

type ConversationRow = {
  id: string;
  title: string;
  subject_type: string | null;
  subject_id: string | null;
  created_at: Date;
  updated_at: Date;
  cursor_us: string;
};
type MessageRow = {
  conversation_id: string;
  role: string;
  content: string;
  status: string;
  citations: unknown;
  points: number;
  mode: string;
  created_at: Date;
};

function readme(count: ExportCount, chats: number, exportedAt: Date): string {
  return [
    "拾念 · 数据导出",
    "",
    `导出时间：${formatChinaTime(exportedAt)}（北京时间）`,
    `想法 ${count.thoughts} 条，笔记 ${count.notes} 篇，对话 ${chats} 个。`,
    "",
    "内容说明：",
    "  ideas/    每个想法一个 Markdown 文件（YAML 头信息：id、标题、标签、创建与更新时间；正文后附“原始内容”）",
    "  notes/    每篇笔记一个 Markdown 文件（YAML 头信息同上，另含来源想法 id）",
    "  chats/    每个 AI 对话一个 Markdown 文件（有对话时）",
    "  data.json 全部数据的机器可读版本：个人资料、想法、笔记、对话、AI点数明细",
    "  avatar.*  头像图片（已上传时）",
    "",
  ].join("\n");
}

export type ExportPlan = { count: ExportCount; chats: number };

/** Counts inside the export's snapshot, so the header matches the zip exactly. */
export async function planExport(client: DbClient, userId: string): Promise<ExportPlan> {
  const { rows } = await client.query<{ ideas: number; notes: number; chats: number }>(
    `SELECT (SELECT count(*) FROM ideas WHERE user_id = $1)::int AS ideas,
            (SELECT count(*) FROM notes WHERE user_id = $1)::int AS notes,
            (SELECT count(*) FROM conversations WHERE user_id = $1)::int AS chats`,
    [userId],
  );
  const r = rows[0]!;
  return { count: { thoughts: r.ideas, notes: r.notes, total: r.ideas + r.notes }, chats: r.chats };
}

/**
 * Oldest first, `size` rows at a time (keyset), never the whole table in memory. Rows that can be
 * large come in smaller batches: a note holds up to 200,000 characters, a conversation all its
 * messages.
 */
async function* batches<R extends { cursor_us: string; id: string }>(
  client: DbClient,
  sql: (where: string) => string,
  userId: string,
  size = BATCH,
): AsyncGenerator<R[]> {
  let after: { us: string; id: string } | null = null;
  for (;;) {
    const params: unknown[] = [userId, size];
    let where = "user_id = $1";
    if (after) {
      params.push(after.us, after.id);
      where += ` AND (created_at, id) > (${fromUs("$3")}, $4::uuid)`;
    }
    const { rows } = await client.query<R>(sql(where), params);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { us: last.cursor_us, id: last.id };
  }
}

const ideaBatches = (client: DbClient, userId: string) =>
  batches<IdeaRow>(
    client,
    (w) => `SELECT ${IDEA_COLUMNS} FROM ideas WHERE ${w} ORDER BY created_at, id LIMIT $2`,
    userId,
  );
const noteBatches = (client: DbClient, userId: string) =>
  batches<NoteRow>(
    client,
    (w) => `SELECT ${NOTE_COLUMNS} FROM notes WHERE ${w} ORDER BY created_at, id LIMIT $2`,
    userId,
    NOTE_BATCH,
  );

/** Every AI tidying of the user's ideas (model, time, points), oldest first. */
const versionBatches = (client: DbClient, userId: string) =>
  batches<VersionRow & { cursor_us: string }>(
    client,
    (w) =>
      `SELECT ${VERSION_COLUMNS}, ${CURSOR_US} AS cursor_us FROM idea_versions WHERE ${w} ORDER BY created_at, id LIMIT $2`,
    userId,
  );

async function* conversationBatches(client: DbClient, userId: string) {
  for await (const convs of batches<ConversationRow>(
    client,
    (w) =>
      `SELECT id, title, subject_type, subject_id, created_at, updated_at, ${CURSOR_US} AS cursor_us
       FROM conversations WHERE ${w} ORDER BY created_at, id LIMIT $2`,
    userId,
    CONVERSATION_BATCH,
  )) {
    const { rows } = await client.query<MessageRow>(
      `SELECT conversation_id, role, content, status, citations, points, mode, created_at FROM messages
       WHERE user_id = $1 AND conversation_id = ANY($2::uuid[]) ORDER BY created_at, id`,
      [userId, convs.map((c) => c.id)],
    );
    yield convs.map((c) => ({ ...c, messages: rows.filter((m) => m.conversation_id === c.id) }));
  }
}

/**
 * The zip as a stream of chunks: every file is compressed as it is added and its bytes leave
 * at once, so memory holds one batch of rows, not the archive. data.json is written last,
 * streamed from a second pass over the same snapshot (a zip entry must be finished before the
 * next one starts, so it cannot grow alongside the Markdown files).
 */
export async function* zipChunks(
  client: DbClient,
  userId: string,
  plan: ExportPlan,
  exportedAt: Date,
): AsyncGenerator<Uint8Array> {
  const zip = new ZipWriter(exportedAt, BEIJING_OFFSET_MINUTES);
  // One chunk per batch of rows (not one per zip record): far fewer writes, memory still bounded.
  function* drain() {
    const chunk = zip.take();
    if (chunk) yield chunk;
  }
  const addText = (name: string, text: string) => {
    const bytes = Buffer.from(text);
    zip.addFile(name, bytes, bytes.length >= STORE_BELOW);
  };
  const names = new Set<string>();
  const unique = (dir: string, base: string) => {
    let name = `${dir}/${base}.md`;
    for (let n = 2; names.has(name); n++) name = `${dir}/${base}_${n}.md`;
    names.add(name);
    return name;
  };

  addText("README.txt", readme(plan.count, plan.chats, exportedAt));
  yield* drain();

  const avatar = await client.query<{ content_type: string; data: Buffer }>(
    "SELECT content_type, data FROM avatars WHERE user_id = $1",
    [userId],
  );
  if (avatar.rows[0]) {
    const ext =
      { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" }[avatar.rows[0].content_type] ?? "bin";
    zip.addFile(`avatar.${ext}`, avatar.rows[0].data, false); // images are compressed already
    yield* drain();
  }

  for await (const rows of ideaBatches(client, userId)) {
    for (const i of rows) {
      const label = safeName(i.title || i.content) || "想法";
      addText(unique("ideas", `${day(i.created_at)}_${label}_${i.id.slice(0, 8)}`), ideaMarkdown(i));
    }
    yield* drain();
  }
  for await (const rows of noteBatches(client, userId)) {
    for (const n of rows) {
      addText(
        unique("notes", `${day(n.created_at)}_${safeName(n.title) || "笔记"}_${n.id.slice(0, 8)}`),
        noteMarkdown(n),
      );
    }
    yield* drain();
  }
  for await (const convs of conversationBatches(client, userId)) {
    for (const c of convs) {
      const lines = [`# ${c.title || "AI 对话"}`, "", `创建于 ${formatChinaTime(c.created_at)}`, ""];
      for (const m of c.messages) {
        lines.push(
          `## ${m.role === "user" ? "我" : "AI助手"} · ${formatChinaTime(m.created_at)}`,
          "",
          m.content,
          "",
        );
      }
      addText(
        unique("chats", `${day(c.created_at)}_${safeName(c.title) || "对话"}_${c.id.slice(0, 8)}`),
        lines.join("\n"),
      );
    }
    yield* drain();
  }

  const data = zip.openFile("data.json");
  const push = (s: string) => data.write(Buffer.from(s));
  const user = await getUser(client, userId);
  push(`{\n"format": "shinian-export/1",\n"exportedAt": ${JSON.stringify(exportedAt.toISOString())},\n`);
  push(`"counts": ${JSON.stringify(plan.count)},\n"profile": ${JSON.stringify(user)},\n"ideas": [`);
  let first = true;
  const list = <T>(items: T[]) => {
    if (!items.length) return;
    push((first ? "\n" : ",\n") + items.map((item) => JSON.stringify(item)).join(",\n"));
    first = false;
  };
  for await (const rows of ideaBatches(client, userId)) {
    list(rows.map(toIdea));
    yield* drain();
  }
  push('\n],\n"ideaVersions": [');
  first = true;
  for await (const rows of versionBatches(client, userId)) {
    list(rows.map(toVersion));
    yield* drain();
  }
  push('\n],\n"notes": [');
  first = true;
  for await (const rows of noteBatches(client, userId)) {
    list(rows.map(toNote));
    yield* drain();
  }
  push('\n],\n"conversations": [');
  first = true;
  for await (const convs of conversationBatches(client, userId)) {
    list(
      convs.map((c) => ({
        id: c.id,
        title: c.title,
        subject: c.subject_type ? { type: c.subject_type, id: c.subject_id } : null,
        createdAt: c.created_at.toISOString(),
        updatedAt: c.updated_at.toISOString(),
        messages: c.messages.map((m) => ({
          role: m.role,
          content: m.content,
          status: m.status,
          citations: m.citations,
          points: m.points,
          mode: m.mode,
          createdAt: m.created_at.toISOString(),
        })),
      })),
    );
    yield* drain();
  }
  push('\n],\n"pointsLedger": [');
  first = true;
  let afterId = "0";
  for (;;) {
    const { rows } = await client.query<{
      id: string;
      delta: number;
      balance_after: number;
      reason: string;
      note: string | null;
      created_at: Date;
    }>(
      `SELECT id, delta, balance_after, reason, note, created_at FROM points_ledger
       WHERE user_id = $1 AND id > $2::bigint ORDER BY id LIMIT $3`,
      [userId, afterId, BATCH],
    );
    list(
      rows.map((r) => ({
        id: String(r.id),
        delta: r.delta,
        balanceAfter: r.balance_after,
        reason: r.reason,
        note: r.note,
        createdAt: r.created_at.toISOString(),
      })),
    );
    yield* drain();
    if (rows.length < BATCH) break;
    afterId = String(rows[rows.length - 1]!.id);
  }
  push("\n]\n}\n");
  data.close();
  zip.finish();
  yield* drain();
}
