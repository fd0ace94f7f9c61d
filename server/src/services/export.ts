import { EXPORT_FILE_PREFIX, type ExportCount } from "@shinian/contract";
import type { DbClient } from "../db/pool.ts";
import { getUser } from "../stores/accounts.ts";
import { conversationBatches } from "../stores/chat.ts";
import type { ExportPlan } from "../stores/export.ts";
import { toVersion, versionBatches } from "../stores/idea-tidy.ts";
import { type IdeaRow, ideaBatches, toIdea } from "../stores/ideas.ts";
import { type NoteRow, noteBatches, toNote } from "../stores/notes.ts";
import { ledgerBatches, toLedgerEntry } from "../stores/points.ts";
import { findAvatar } from "../stores/profile.ts";
import { ZipWriter } from "./zip-writer.ts";

const BATCH = 500;
const NOTE_BATCH = 25; // × 200,000 characters at most
const CONVERSATION_BATCH = 20; // each with all its messages
const STORE_BELOW = 2048; // deflating a few hundred bytes saves little and costs a zlib set-up
const TZ = "Asia/Shanghai";
const BEIJING_OFFSET_MINUTES = 480; // no daylight saving time

// Built once: constructing an Intl.DateTimeFormat costs far more than formatting with it.
const beijing = new Intl.DateTimeFormat("en-GB", {
  timeZone: TZ,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
const parts = (d: Date) =>
  Object.fromEntries(beijing.formatToParts(d).map((p) => [p.type, p.value])) as Record<
    "year" | "month" | "day" | "hour" | "minute" | "second",
    string
  >;

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

  const avatar = await findAvatar(client, { userId });
  if (avatar) {
    const ext =
      { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" }[avatar.content_type] ?? "bin";
    zip.addFile(`avatar.${ext}`, avatar.data, false); // images are compressed already
    yield* drain();
  }

  for await (const rows of ideaBatches(client, userId, BATCH)) {
    for (const i of rows) {
      const label = safeName(i.title || i.content) || "想法";
      addText(unique("ideas", `${day(i.created_at)}_${label}_${i.id.slice(0, 8)}`), ideaMarkdown(i));
    }
    yield* drain();
  }
  for await (const rows of noteBatches(client, userId, NOTE_BATCH)) {
    for (const n of rows) {
      addText(
        unique("notes", `${day(n.created_at)}_${safeName(n.title) || "笔记"}_${n.id.slice(0, 8)}`),
        noteMarkdown(n),
      );
    }
    yield* drain();
  }
  for await (const convs of conversationBatches(client, userId, CONVERSATION_BATCH)) {
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
  for await (const rows of ideaBatches(client, userId, BATCH)) {
    list(rows.map(toIdea));
    yield* drain();
  }
  push('\n],\n"ideaVersions": [');
  first = true;
  for await (const rows of versionBatches(client, userId, BATCH)) {
    list(rows.map(toVersion));
    yield* drain();
  }
  push('\n],\n"notes": [');
  first = true;
  for await (const rows of noteBatches(client, userId, NOTE_BATCH)) {
    list(rows.map(toNote));
    yield* drain();
  }
  push('\n],\n"conversations": [');
  first = true;
  for await (const convs of conversationBatches(client, userId, CONVERSATION_BATCH)) {
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
  for await (const rows of ledgerBatches(client, userId, BATCH)) {
    list(rows.map(toLedgerEntry));
    yield* drain();
  }
  push("\n]\n}\n");
  data.close();
  zip.finish();
  yield* drain();
}
