// Over 300 lines on purpose: one algorithm: a batch's writes and the key remapping they share.
/**
 * Writes a batch of records in the caller's transaction: new ids for everything, references
 * remapped by key, forward ones kept waiting until their target arrives. An item whose key already
 * stands for one of the account's is skipped. What would pass the quota is refused, counted
 * against the usage row, which stays locked until the batch commits.
 */
import { randomUUID } from "node:crypto";
import type { ImportKind, ImportRefusal, ImportStatus } from "@shinian/contract";
import {
  ANNOTATION_MAX_CHARS,
  IDEA_MAX_IMAGES,
  IDEA_MAX_RECORDINGS,
  NOTE_MAX_ATTACHMENTS,
} from "@shinian/contract/constants";
import { MAX_TAGS } from "@shinian/contract/tags";
import { type ProfileText, replaceProfileText } from "../accounts/profile.store.ts";
import { insertImportedAttachment } from "../attachments/attachments.store.ts";
import type { DbClient } from "../db/pool.ts";
import type { Quota } from "../env.ts";
import { quotaRefusal } from "../points/quotas.ts";
import { lockUsage } from "../points/usage.store.ts";
import { importedImageId, type ReadyFiles, withImportedImageIds } from "./images.ts";
import {
  applyRefs,
  type ImportRows,
  insertRows,
  type KeyType,
  keyOf,
  type PendingRef,
  type RefField,
  type ResolvedRef,
  resolveKeys,
  saveKeys,
  savePendingRefs,
  takeWaitingRefs,
  type WantedKey,
} from "./items.store.ts";
import { importedItemId, linkKeysOf, withImportedLinks } from "./links.ts";
import { type ImportRecord, twinOf } from "./records.ts";
import type { SearchFields, SearchWordsOf } from "./search-words.ts";

const IDEA_MAX_CHARS = 10_000;
/**
 * An idea's current text outgrows the capture limit only through tag renames (`#a` in every place
 * renamed to a 20-character tag: about ×7): what an export can bring back, not more.
 */
const IDEA_GROWN_MAX_CHARS = IDEA_MAX_CHARS * 8;
const NOTE_MAX_CHARS = 200_000;
const TITLE_MAX_CHARS = 200;

export type BatchJob = { id: string; userId: string; kind: ImportKind; takeProfile: boolean };
export type BatchResult = {
  imported: ImportStatus["imported"];
  skipped: number;
  refused: ImportRefusal[];
  /** the profile as it was, when this batch replaced it */
  previousProfile: ProfileText | null;
};

const clean = (text: string) => text.replaceAll("\u0000", "");
const bytesOf = (...texts: string[]) => texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
const labelOf = (what: string, title: string, content: string) =>
  `${what}「${(title || content).replace(/\s+/g, " ").trim().slice(0, 20) || "无标题"}」`;

/** Every key the batch looks up: its items' own, and those they refer to. */
function keysOf(records: ImportRecord[], kind: ImportKind): WantedKey[] {
  const keys: WantedKey[] = [];
  for (const r of records) {
    // the items a 拾念 export's texts link to (links.ts)
    if (
      kind === "shinian" &&
      (r.type === "idea" ||
        r.type === "ideaVersion" ||
        r.type === "note" ||
        r.type === "noteVersion" ||
        r.type === "annotation")
    )
      keys.push(
        ...linkKeysOf(r.content, r.type === "idea" ? r.originalContent : "").map((l) => ({
          type: l.type,
          key: l.id,
        })),
      );
    if (r.type === "idea") {
      keys.push({ type: "idea", key: r.key, twin: twinOf(r) });
      if (r.appliedVersionKey) keys.push({ type: "ideaVersion", key: r.appliedVersionKey });
    } else if (r.type === "ideaVersion") {
      keys.push({ type: "ideaVersion", key: r.key }, { type: "idea", key: r.ideaKey });
    } else if (r.type === "note") {
      keys.push(
        { type: "note", key: r.key, twin: twinOf(r) },
        ...r.sourceIdeaKeys.map((key) => ({ type: "idea" as const, key })),
      );
    } else if (r.type === "conversation") {
      keys.push({ type: "conversation", key: r.key, twin: twinOf(r) });
      if (r.subject) keys.push({ type: r.subject.type, key: r.subject.key });
      for (const m of r.messages) {
        for (const c of m.citations) keys.push({ type: c.type, key: c.id });
        for (const key of m.sourceKeys) keys.push({ type: "idea", key }, { type: "note", key });
      }
    } else if (r.type === "attachment") {
      keys.push({ type: "idea", key: r.itemKey }, { type: "note", key: r.itemKey });
      if (r.annotationIdeaKey) keys.push({ type: "idea", key: r.annotationIdeaKey });
    } else if (r.type === "annotation") {
      keys.push({ type: "idea", key: r.ideaKey });
    } else if (r.type === "noteVersion") {
      keys.push({ type: "note", key: r.noteKey });
    }
  }
  return keys;
}

/**
 * `searchWords` makes the rows' search words, all of the batch's at once: in the import's thread
 * it asks the main thread (search-words.ts). `files` are the batch's files, read and checked
 * before the transaction opened (images.ts: readBatchFiles).
 */
export async function writeBatch(
  client: DbClient,
  job: BatchJob,
  quota: Quota,
  records: ImportRecord[],
  searchWords: SearchWordsOf,
  files: ReadyFiles,
): Promise<BatchResult> {
  const result: BatchResult = {
    imported: { ideas: 0, notes: 0, conversations: 0 },
    skipped: 0,
    refused: [],
    previousProfile: null,
  };
  const usage = await lockUsage(client, job.userId);
  const room = {
    items: quota.items === null ? Number.POSITIVE_INFINITY : quota.items - usage.items,
    bytes: quota.bytes === null ? Number.POSITIVE_INFINITY : quota.bytes - usage.bytes,
  };
  const fits = (items: number, bytes: number) => {
    if (items > room.items) return quotaRefusal(quota, "items").message;
    if (bytes > room.bytes) return quotaRefusal(quota, "bytes").message;
    room.items -= items;
    room.bytes -= bytes;
    return null;
  };
  const known = await resolveKeys(client, job.userId, job.kind, keysOf(records, job.kind), job.id);
  const made: { type: KeyType; key: string; id: string }[] = [];
  /** the batch's items skipped as twins of the account's: their keys are kept with the job's */
  const twins: typeof made = [];
  const shinian = job.kind === "shinian";
  const make = (type: KeyType, key: string) => {
    // a 拾念 export's items get the ids its links may already name (links.ts)
    const id =
      shinian && (type === "idea" || type === "note") ? importedItemId(job.id, type, key) : randomUUID();
    known.set(keyOf(type, key), { id, live: true, ours: true });
    made.push({ type, key, id });
    return id;
  };
  /** A reference's target now, or null (then it waits, unless the target exists only in 回收站). */
  const target = (type: KeyType, key: string) => known.get(keyOf(type, key)) ?? null;
  /** A 拾念 export's text with its links naming the items here (links.ts); any other as it is. */
  const linked = (text: string) => (shinian ? withImportedLinks(job.id, text, target) : text);
  const rows: ImportRows = {
    ideas: [],
    idea_versions: [],
    annotations: [],
    notes: [],
    note_versions: [],
    conversations: [],
    messages: [],
  };
  const waiting: PendingRef[] = [];
  const wait = (targetType: KeyType, targetKey: string, holder: string, field: RefField, position = 0) => {
    if (!target(targetType, targetKey)) waiting.push({ targetType, targetKey, holder, field, position });
  };
  const resolvedNow: ResolvedRef[] = [];
  /** rows whose `search` is filled in once the whole batch's words are made */
  const toIndex: { row: { search: string }; fields: SearchFields }[] = [];

  for (const record of records) {
    if (record.type === "refused") {
      result.refused.push({ item: record.item, message: record.message });
    } else if (record.type === "profile") {
      if (!job.takeProfile) continue;
      const nickname = clean(record.nickname).trim().slice(0, 50);
      if (!nickname) continue;
      const before = await replaceProfileText(client, job.userId, {
        nickname,
        identityDescription: record.identityDescription && clean(record.identityDescription).slice(0, 500),
      });
      result.previousProfile ??= before;
    } else if (record.type === "attachment") {
      const idea = target("idea", record.itemKey);
      const found = idea ?? target("note", record.itemKey);
      // on an item that was in the account already (a repeated import, a twin) or is in 回收站:
      // skipped with it, as its AI versions are
      if (found && !(found.live && found.ours)) continue;
      // on a 批注 skipped with its idea, already there: skipped with it too
      const annotationIdea = record.annotationIdeaKey && target("idea", record.annotationIdeaKey);
      if (!found && annotationIdea && !(annotationIdea.live && annotationIdea.ours)) continue;
      // else perhaps a 批注's, made by this import (this batch or an earlier one)
      const annotation = found
        ? null
        : await importedAnnotation(client, job.userId, importedAnnotationId(job.id, record.itemKey), rows);
      const item = found ?? (annotation ? { id: annotation } : null);
      const label = `${record.kind === "audio" ? "录音" : "图片"}「${record.name}」`;
      const fileId = importedImageId(job.id, record.key);
      const full = !item
        ? "它所在的想法、笔记或批注没有导入，已跳过"
        : idea || annotation
          ? await captureFilesFull(
              client,
              job.userId,
              item.id,
              fileId,
              record.kind,
              idea ? "每条想法" : "每条批注",
            )
          : record.position > NOTE_MAX_ATTACHMENTS && `每篇笔记最多 ${NOTE_MAX_ATTACHMENTS} 张图片，已跳过`;
      const file = files.get(record) ?? "导入的文件中没有这个文件，已跳过";
      const refusal =
        full || (typeof file === "string" ? file : fits(0, file.data.length + (file.thumb?.length ?? 0)));
      if (!item || typeof file === "string" || refusal) {
        result.refused.push({ item: label, message: refusal! });
        continue;
      }
      await insertImportedAttachment(client, job.userId, {
        id: fileId,
        itemId: item.id,
        position: record.position,
        name: clean(record.name).slice(0, 200) || "图片",
        createdAt: record.createdAt,
        kind: record.kind,
        durationMs: record.durationMs ?? null,
        ...file,
      });
    } else if (record.type === "annotation") {
      const idea = target("idea", record.ideaKey);
      // as an AI version: only under an idea this import made, no item of its own
      if (!idea?.live || !idea.ours) continue;
      const content = linked(clean(record.content)).slice(0, ANNOTATION_MAX_CHARS);
      if (!content.trim() || fits(0, bytesOf(content))) continue;
      const row = {
        id: importedAnnotationId(job.id, record.key),
        idea_id: idea.id,
        content,
        search: "",
        created_at: record.createdAt.toISOString(),
      };
      rows.annotations.push(row);
      toIndex.push({ row, fields: { title: "", content, tags: [] } });
    } else if (record.type === "noteVersion") {
      const note = target("note", record.noteKey);
      // as a 批注: only under a note this import made (a repeated import skips the note, and them)
      if (!note?.live || !note.ours) continue;
      const title = clean(record.title).slice(0, TITLE_MAX_CHARS);
      const content = linked(withImportedImageIds(job.id, clean(record.content)));
      // not counted in the quota, as a save's versions are not (migration 044): the pruning bounds them
      if (content.length > NOTE_MAX_CHARS) {
        result.refused.push({
          item: labelOf("笔记的历史版本", title, content),
          message: `笔记最多 ${NOTE_MAX_CHARS} 个字符`,
        });
        continue;
      }
      rows.note_versions.push({
        id: importedImageId(job.id, `noteVersion:${record.key}`),
        note_id: note.id,
        title,
        content,
        tags: record.tags.map(clean).slice(0, MAX_TAGS),
        saved_at: record.savedAt.toISOString(),
      });
    } else if (target(record.type, record.key)) {
      if (record.type !== "ideaVersion") result.skipped++;
      const found = target(record.type, record.key)!;
      // kept by key for the job's later batches and its end (twin-links.store.ts): links name it
      if (found.twin && (record.type === "idea" || record.type === "note")) {
        found.twin = false; // once: a key twice in the file is kept once
        twins.push({ type: record.type, key: record.key, id: found.id });
      }
    } else if (record.type === "idea") {
      const title = clean(record.title).slice(0, TITLE_MAX_CHARS);
      const content = linked(clean(record.content));
      const original = linked(clean(record.originalContent));
      const tags = record.tags.map(clean).slice(0, MAX_TAGS);
      const refusal =
        original.length > IDEA_MAX_CHARS
          ? `想法最多 ${IDEA_MAX_CHARS} 个字符`
          : content.length > IDEA_GROWN_MAX_CHARS
            ? `想法当前的文字最多 ${IDEA_GROWN_MAX_CHARS} 个字符`
            : fits(1, bytesOf(original, title, content, tags.join("")));
      if (refusal) {
        result.refused.push({ item: labelOf("想法", title, content), message: refusal });
        continue;
      }
      const id = make("idea", record.key);
      const row = {
        id,
        original_content: original,
        title,
        content,
        tags,
        pinned: record.pinned,
        ai_excluded: record.aiExcluded,
        ai_status: record.aiStatus ?? "none",
        search: "",
        created_at: record.createdAt.toISOString(),
        updated_at: record.updatedAt.toISOString(),
        archived_at: record.archivedAt?.toISOString() ?? null,
      };
      rows.ideas.push(row);
      toIndex.push({ row, fields: { title, content, originalContent: original, tags } });
      result.imported.ideas++;
      if (record.appliedVersionKey) {
        // ai_version_id is a foreign key: always set after the versions are written
        const version = target("ideaVersion", record.appliedVersionKey);
        const ref = { holder: id, field: "appliedVersion", position: 0, targetType: "ideaVersion" } as const;
        if (version?.live) resolvedNow.push({ ...ref, target: version.id });
        else waiting.push({ ...ref, targetKey: record.appliedVersionKey });
      }
    } else if (record.type === "ideaVersion") {
      const idea = target("idea", record.ideaKey);
      // its idea was refused, or is in 回收站: nothing to hang it on; or it was in the account
      // before this import, which skips it whole
      if (!idea?.live || !idea.ours) continue;
      const title = clean(record.title).slice(0, TITLE_MAX_CHARS);
      const content = linked(clean(record.content));
      const tags = record.tags.map(clean).slice(0, MAX_TAGS);
      if (fits(0, bytesOf(title, content, tags.join("")))) continue; // an AI version is no item of its own
      rows.idea_versions.push({
        id: make("ideaVersion", record.key),
        idea_id: idea.id,
        model: clean(record.model),
        title,
        content,
        tags,
        points: record.points,
        created_at: record.createdAt.toISOString(),
      });
    } else if (record.type === "note") {
      const title = clean(record.title).slice(0, TITLE_MAX_CHARS);
      // a 拾念 export's keys are its ids: its images are named by the ids they get here
      const content = shinian
        ? linked(withImportedImageIds(job.id, clean(record.content)))
        : clean(record.content);
      const tags = record.tags.map(clean).slice(0, MAX_TAGS);
      const refusal =
        content.length > NOTE_MAX_CHARS
          ? `笔记最多 ${NOTE_MAX_CHARS} 个字符`
          : fits(1, bytesOf(title, content, tags.join("")));
      if (refusal) {
        result.refused.push({ item: labelOf("笔记", title, content), message: refusal });
        continue;
      }
      const id = make("note", record.key);
      const sources: string[] = [];
      for (const key of record.sourceIdeaKeys) {
        const idea = target("idea", key);
        if (idea) sources.push(idea.id);
        else wait("idea", key, id, "noteSource");
      }
      const row = {
        id,
        title,
        content,
        tags,
        pinned: record.pinned,
        source_idea_ids: sources,
        search: "",
        created_at: record.createdAt.toISOString(),
        updated_at: record.updatedAt.toISOString(),
        archived_at: record.archivedAt?.toISOString() ?? null,
      };
      rows.notes.push(row);
      toIndex.push({ row, fields: { title, content, tags } });
      result.imported.notes++;
    } else if (record.type === "conversation") {
      const title = clean(record.title).slice(0, TITLE_MAX_CHARS);
      const refusal = fits(0, bytesOf(...record.messages.map((m) => clean(m.content))));
      if (refusal) {
        result.refused.push({ item: labelOf("对话", title, ""), message: refusal });
        continue;
      }
      const id = make("conversation", record.key);
      const subject = record.subject ? target(record.subject.type, record.subject.key) : null;
      if (record.subject) wait(record.subject.type, record.subject.key, id, "subject");
      rows.conversations.push({
        id,
        title,
        subject_type: subject ? record.subject!.type : null,
        subject_id: subject?.id ?? null,
        created_at: record.createdAt.toISOString(),
        updated_at: record.updatedAt.toISOString(),
      });
      // new ids ascending in the messages' order: the export orders by time, then id, so messages
      // of one time keep their order
      const messageIds = record.messages.map(() => randomUUID()).sort();
      for (const [n, m] of record.messages.entries()) {
        const messageId = messageIds[n]!;
        const sources: string[] = [];
        for (const key of m.sourceKeys) {
          const source = target("idea", key) ?? target("note", key);
          if (source) sources.push(source.id);
          else wait("idea", key, messageId, "messageSource");
        }
        rows.messages.push({
          id: messageId,
          conversation_id: id,
          role: m.role,
          content: clean(m.content),
          citations: m.citations.map((c, position) => {
            const cited = target(c.type, c.id);
            wait(c.type, c.id, messageId, "citation", position);
            return {
              type: c.type,
              id: cited?.id ?? null,
              title: clean(c.title),
              ...(c.ref === undefined ? {} : { ref: c.ref }),
            };
          }),
          source_ids: sources,
          status: m.status,
          points: m.points,
          mode: m.mode,
          created_at: m.createdAt.toISOString(),
        });
      }
      result.imported.conversations++;
    }
  }

  // Forward references to items made later in this batch: filled in before anything is written.
  const stillWaiting: PendingRef[] = [];
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((r) => [r.id, r]));
  const notes = byId(rows.notes);
  const conversations = byId(rows.conversations);
  const messages = byId(rows.messages);
  for (const ref of waiting) {
    // a message's source key may name a note as well as an idea
    const found =
      target(ref.targetType, ref.targetKey) ??
      (ref.field === "messageSource" ? target("note", ref.targetKey) : null);
    if (!found) {
      stillWaiting.push(ref);
      continue;
    }
    if (ref.field === "appliedVersion") resolvedNow.push({ ...ref, target: found.id });
    else if (ref.field === "noteSource") notes.get(ref.holder)!.source_idea_ids.push(found.id);
    else if (ref.field === "messageSource") messages.get(ref.holder)!.source_ids.push(found.id);
    else if (ref.field === "citation") messages.get(ref.holder)!.citations[ref.position]!.id = found.id;
    else if (ref.field === "subject") {
      const c = conversations.get(ref.holder)!;
      c.subject_type = ref.targetType as "idea" | "note";
      c.subject_id = found.id;
    }
  }
  const words = await searchWords(toIndex.map((t) => t.fields));
  for (const [n, t] of toIndex.entries()) t.row.search = words[n]!;
  await insertRows(client, job.userId, job.id, rows);
  await saveKeys(client, job.userId, job.kind, job.id, [...made, ...twins]);
  // a note's source key may name a note's key too: both wait, the first to arrive wins
  await savePendingRefs(
    client,
    job.id,
    stillWaiting.flatMap((r) =>
      r.field === "messageSource" ? [r, { ...r, targetType: "note" as const }] : [r],
    ),
  );
  const fromEarlier = await takeWaitingRefs(client, job.id, [...made, ...twins]);
  await applyRefs(client, [...resolvedNow, ...fromEarlier]);
  return result;
}

/** Why an idea can take no more files of this kind, or null; a file this job wrote is not counted. */
async function captureFilesFull(
  client: DbClient,
  userId: string,
  itemId: string,
  fileId: string,
  kind: "image" | "audio",
  what: "每条想法" | "每条批注",
): Promise<string | null> {
  const { rows } = await client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM attachments WHERE user_id = $1 AND item_id = $2 AND kind = $3 AND id <> $4",
    [userId, itemId, kind, fileId],
  );
  const most = kind === "audio" ? IDEA_MAX_RECORDINGS : IDEA_MAX_IMAGES;
  if (rows[0]!.n < most) return null;
  return kind === "audio" ? `${what}最多 ${most} 段录音，已跳过` : `${what}最多 ${most} 张图片，已跳过`;
}

/** The id an imported 批注 gets: derived from the job and its key, so its files find it. */
const importedAnnotationId = (jobId: string, key: string) => importedImageId(jobId, `annotation:${key}`);

/** The 批注 this import made with that id, in this batch's rows or written by an earlier batch; null if none. */
async function importedAnnotation(client: DbClient, userId: string, id: string, rows: ImportRows) {
  if (rows.annotations.some((a) => a.id === id)) return id;
  const found = await client.query("SELECT 1 FROM annotations WHERE id = $1 AND user_id = $2", [id, userId]);
  return found.rowCount ? id : null;
}
