// Over 300 lines on purpose: one archive writer: its sections share the names, images and zip state.
import { rewriteAttachmentRefs } from "@shinian/contract";
import { getUser } from "../accounts/accounts.store.ts";
import { findAvatar } from "../accounts/profile.store.ts";
import { conversationParts } from "../ai/chat-export.store.ts";
import { toVersion, versionBatches } from "../ai/tidy.store.ts";
import {
  type AttachmentMeta,
  attachmentBatches,
  attachmentsOfItems,
  type ExportedAttachment,
  exportedFileName,
} from "../attachments/attachments.store.ts";
import { wholeFileBytes } from "../attachments/storage.ts";
import type { Queryable } from "../db/pool.ts";
import type { S3Settings } from "../env.ts";
import { insightBatches } from "../insights/insights.store.ts";
import { annotationBatches } from "../items/annotations.store.ts";
import { ideaBatches } from "../items/ideas.store.ts";
import { noteVersionBatches } from "../items/note-history.store.ts";
import { type NoteRow, noteBatches, toNote } from "../items/notes.store.ts";
import { trashBatches } from "../items/trash.store.ts";
import { ledgerBatches, toLedgerEntry } from "../points/points.store.ts";
import { reviewBatches } from "../review/review.store.ts";
import { BEIJING_OFFSET_MINUTES, beijingDay } from "../shared/beijing-time.ts";
import type { ExportPlan } from "./export.store.ts";
import { EXPORT_FORMAT_VERSION, exportFormat } from "./format.ts";
import {
  chatHead,
  chatMessage,
  conversationJsonHead,
  ideaJson,
  ideaMarkdown,
  messageJson,
  noteMarkdown,
  readme,
} from "./render.ts";
import { ZipWriter } from "./zip-writer.ts";

const BATCH = 500;
const NOTE_BATCH = 25; // × 200,000 characters at most
const CONVERSATION_BATCH = 20;
const MESSAGE_PAGE = 500; // messages, across the batch's conversations
const FILE_BATCH = 4; // × 10 MB at most
const STORE_BELOW = 2048; // deflating a few hundred bytes saves little and costs a zlib set-up

// 30 characters, not UTF-16 units: slicing units could cut an emoji in half (an invalid name).
// Beyond what file systems refuse, `#[]()` go too: a name with them breaks a Markdown link to the
// file and a URL (# starts a fragment), and a #标签 at the start of an idea is its first word.
const safeName = (s: string) =>
  Array.from(s.replace(/[\\/:*?"<>|#[\]()\p{Cc}\s]+/gu, "_").replace(/^[._]+|_+$/g, ""))
    .slice(0, 30)
    .join("")
    .replace(/_+$/, "");

/** The archive being written, and what every section writer needs of it. */
class ExportZip {
  readonly zip: ZipWriter;
  private readonly names = new Set<string>();

  constructor(exportedAt: Date) {
    this.zip = new ZipWriter(exportedAt, BEIJING_OFFSET_MINUTES);
  }

  addText(name: string, text: string) {
    const bytes = Buffer.from(text);
    this.zip.addFile(name, bytes, bytes.length >= STORE_BELOW);
  }

  /** `dir/day_label_id.md`, with a number added should two items give the same name. */
  fileName(dir: string, created: Date, label: string, id: string) {
    const base = `${beijingDay(created)}_${label}_${id.slice(0, 8)}`;
    let name = `${dir}/${base}.md`;
    for (let n = 2; this.names.has(name); n++) name = `${dir}/${base}_${n}.md`;
    this.names.add(name);
    return name;
  }

  /** One chunk per batch of rows (not one per zip record): far fewer writes, memory still bounded. */
  *drain() {
    const chunk = this.zip.take();
    if (chunk) yield chunk;
  }
}

async function* avatarFile(out: ExportZip, db: Queryable, userId: string) {
  const avatar = await findAvatar(db, { userId });
  if (!avatar) return;
  const ext = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" }[avatar.content_type] ?? "bin";
  out.zip.addFile(`avatar.${ext}`, avatar.data, false); // images are compressed already
  yield* out.drain();
}

/** Each item's images, by item id (one query per batch). */
async function imagesOf(db: Queryable, userId: string, itemIds: string[]) {
  const files = new Map<string, AttachmentMeta[]>();
  for (const f of await attachmentsOfItems(db, userId, itemIds)) {
    files.set(f.item_id!, [...(files.get(f.item_id!) ?? []), f]);
  }
  return files;
}

/** Images (and recordings, as links) as Markdown lines pointing into files/, after an item's text. */
const imageLines = (files: AttachmentMeta[] = []) =>
  files.length
    ? `\n${files
        .map((f) =>
          f.kind === "audio" ? `[语音](../${exportedFileName(f)})\n` : `![](../${exportedFileName(f)})\n`,
        )
        .join("")}`
    : "";

/**
 * A note's Markdown file: its `attachment:{id}` references point into files/ (so Markdown viewers
 * show them where they are), and images it does not refer to follow as lines. data.json keeps the
 * text as written.
 */
function noteWithImages(n: NoteRow, files: AttachmentMeta[] = []) {
  const paths = new Map(files.map((f) => [f.id, `../${exportedFileName(f)}`]));
  const inline = new Set<string>();
  const content = rewriteAttachmentRefs(n.content, (id) => {
    const path = paths.get(id);
    if (path) inline.add(id);
    return path ?? null;
  });
  return noteMarkdown({ ...n, content }) + imageLines(files.filter((f) => !inline.has(f.id)));
}

async function* ideaFiles(out: ExportZip, db: Queryable, userId: string) {
  for await (const rows of ideaBatches(db, userId, BATCH)) {
    const images = await imagesOf(
      db,
      userId,
      rows.map((i) => i.id),
    );
    for (const i of rows) {
      out.addText(
        out.fileName("ideas", i.created_at, safeName(i.title || i.content) || "想法", i.id),
        ideaMarkdown(i) + imageLines(images.get(i.id)),
      );
    }
    yield* out.drain();
  }
}

async function* noteFiles(out: ExportZip, db: Queryable, userId: string) {
  for await (const rows of noteBatches(db, userId, NOTE_BATCH)) {
    const images = await imagesOf(
      db,
      userId,
      rows.map((n) => n.id),
    );
    for (const n of rows) {
      out.addText(
        out.fileName("notes", n.created_at, safeName(n.title) || "笔记", n.id),
        noteWithImages(n, images.get(n.id)),
      );
    }
    yield* out.drain();
  }
}

/**
 * files/: each image of an idea or a note as stored (without its metadata), a few at a time; from
 * the S3-compatible bucket when it is there.
 */
async function* attachmentFiles(
  out: ExportZip,
  db: Queryable,
  userId: string,
  options: ExportOptions,
  missing: Set<string>,
) {
  const which = { withData: true, withTrash: options.includeTrash === true };
  for await (const rows of attachmentBatches(db, userId, FILE_BATCH, which)) {
    for (const f of rows) {
      const bytes = await wholeFileBytes(options.s3 ?? null, f, userId);
      // The rows are the export's snapshot, but a bucket has none: a file deleted since (its idea
      // deleted for good, and the outbox drained) is gone. The export goes on without it, and
      // data.json says so (file: null) rather than the whole export failing.
      if (!bytes) {
        missing.add(f.id);
        continue;
      }
      out.zip.addFile(exportedFileName(f), bytes, false); // compressed already
      yield* out.drain();
    }
  }
}

const attachmentJson = (f: ExportedAttachment, missing: ReadonlySet<string>) => ({
  id: f.id,
  itemId: f.item_id,
  position: f.position,
  kind: f.kind,
  contentType: f.content_type,
  name: f.name,
  size: f.size,
  ...(f.kind === "audio" ? { durationMs: f.duration_ms } : {}),
  file: missing.has(f.id) ? null : exportedFileName(f),
  createdAt: f.created_at.toISOString(),
});

/**
 * chats/: a conversation whose messages all came in one page is one file as any other; a longer
 * one is streamed into its file page by page, so no conversation is ever held whole.
 */
async function* chatFiles(out: ExportZip, db: Queryable, userId: string) {
  let open: { write(data: Uint8Array): void; close(): void } | undefined;
  for await (const parts of conversationParts(db, userId, CONVERSATION_BATCH, MESSAGE_PAGE)) {
    for (const { conversation: c, messages, first, last } of parts) {
      const text = (first ? chatHead(c) : "") + messages.map(chatMessage).join("");
      const name = () => out.fileName("chats", c.created_at, safeName(c.title) || "对话", c.id);
      if (first && last) {
        out.addText(name(), text);
        continue;
      }
      if (first) open = out.zip.openFile(name());
      open!.write(Buffer.from(text));
      if (last) open!.close();
    }
    yield* out.drain();
  }
}

/**
 * data.json, streamed: each list is written batch by batch (a second pass over the same snapshot as
 * the Markdown files: a zip entry must be finished before the next one starts, so it cannot grow
 * alongside them).
 */
async function* dataJson(
  out: ExportZip,
  db: Queryable,
  userId: string,
  plan: ExportPlan,
  exportedAt: Date,
  options: ExportOptions,
  missing: ReadonlySet<string>,
) {
  const data = out.zip.openFile("data.json");
  const push = (s: string) => data.write(Buffer.from(s));
  const user = await getUser(db, userId);
  // "format" comes first: a reader knows the version from the file's first bytes
  const format = JSON.stringify(exportFormat(EXPORT_FORMAT_VERSION));
  push(`{\n"format": ${format},\n"exportedAt": ${JSON.stringify(exportedAt.toISOString())},\n`);
  push(`"counts": ${JSON.stringify(plan.count)},\n"profile": ${JSON.stringify(user)}`);
  async function* list<R>(name: string, batches: AsyncIterable<R[]>, toJson: (row: R) => unknown) {
    push(`,\n"${name}": [`);
    let first = true;
    for await (const rows of batches) {
      push((first ? "\n" : ",\n") + rows.map((row) => JSON.stringify(toJson(row))).join(",\n"));
      first = false;
      yield* out.drain();
    }
    push("\n]");
  }
  // conversations with their messages inline, written as their pages come (one push per page)
  async function* conversations() {
    push(`,\n"conversations": [`);
    let firstConversation = true;
    let messagesBefore = false; // of the conversation being written, in earlier pages
    for await (const parts of conversationParts(db, userId, CONVERSATION_BATCH, MESSAGE_PAGE)) {
      let text = "";
      for (const { conversation, messages, first, last } of parts) {
        if (first) {
          text += (firstConversation ? "\n" : ",\n") + conversationJsonHead(conversation);
          firstConversation = false;
          messagesBefore = false;
        }
        if (messages.length) text += (messagesBefore ? "," : "") + messages.map(messageJson).join(",");
        messagesBefore ||= messages.length > 0;
        if (last) text += "]}";
      }
      push(text);
      yield* out.drain();
    }
    push("\n]");
  }
  yield* list("ideas", ideaBatches(db, userId, BATCH), ideaJson);
  yield* list("ideaVersions", versionBatches(db, userId, BATCH), toVersion);
  // format 4: 批注, after the ideas they are under
  yield* list("annotations", annotationBatches(db, userId, BATCH), (a) => a);
  yield* list("notes", noteBatches(db, userId, NOTE_BATCH), toNote);
  // format 5: 历史版本, after the notes they are of (of those in 回收站 too when it is included)
  yield* list(
    "noteVersions",
    noteVersionBatches(db, userId, NOTE_BATCH, options.includeTrash === true),
    (v) => v,
  );
  yield* list(
    "attachments",
    attachmentBatches(db, userId, BATCH, { withData: false, withTrash: options.includeTrash === true }),
    (f) => attachmentJson(f, missing),
  );
  yield* conversations();
  yield* list("pointsLedger", ledgerBatches(db, userId, BATCH), toLedgerEntry);
  // 每日回顾's history: shown how often and when last, and 不再回顾
  yield* list("review", reviewBatches(db, userId, BATCH), (row) => row);
  // 洞察: the reports, kept apart from ideas and notes as in the app (v4)
  yield* list("insights", insightBatches(db, userId, BATCH), (insight) => insight);
  // 回收站, when asked for: each item as it was deleted (its row as stored, an idea with its versions)
  if (options.includeTrash) yield* list("trash", trashBatches(db, userId, NOTE_BATCH), (item) => item);
  push("\n}\n");
  data.close();
}

/**
 * The zip as a stream of chunks: every file is compressed as it is added and its bytes leave
 * at once, so memory holds one batch of rows, not the archive. data.json is written last.
 */
export type ExportOptions = {
  includeTrash?: boolean | undefined;
  /** Where files are when their rows do not hold them (S3_*). */
  s3?: S3Settings | null | undefined;
};

export async function* zipChunks(
  db: Queryable,
  userId: string,
  plan: ExportPlan,
  exportedAt: Date,
  options: ExportOptions = {},
): AsyncGenerator<Uint8Array> {
  const out = new ExportZip(exportedAt);
  out.addText("README.txt", readme(plan.count, plan.chats, exportedAt));
  yield* out.drain();
  yield* avatarFile(out, db, userId);
  yield* ideaFiles(out, db, userId);
  yield* noteFiles(out, db, userId);
  const missing = new Set<string>();
  yield* attachmentFiles(out, db, userId, options, missing);
  yield* chatFiles(out, db, userId);
  yield* dataJson(out, db, userId, plan, exportedAt, options, missing);
  out.zip.finish();
  yield* out.drain();
}
