/**
 * What every importer reads a file into: records in the same order on every reading (a job resumes
 * by skipping those it wrote). Keys are an item's identity in its source; references between
 * records are by key, and may point forward. The writer gives every item a new id.
 */
import type { Readable } from "node:stream";
import { rewriteLinks } from "@shinian/contract/links";
import type { ApiError } from "../errors.ts";

export type ImportedIdea = {
  type: "idea";
  key: string;
  /** what the person wrote; for sources without AI versions, also the content */
  originalContent: string;
  content: string;
  title: string;
  tags: string[];
  pinned: boolean;
  aiExcluded: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** the key of the ideaVersion record whose text is shown (a 拾念 export), else null */
  appliedVersionKey: string | null;
  /** 自动整理's state in a 拾念 export (pending there is none here: never tidied); else none */
  aiStatus?: "none" | "done" | "failed";
  /** 归档 (issue 32): when it was archived; absent when it is not. */
  archivedAt?: Date | undefined;
};

export type ImportedIdeaVersion = {
  type: "ideaVersion";
  key: string;
  ideaKey: string;
  model: string;
  title: string;
  content: string;
  tags: string[];
  points: number;
  createdAt: Date;
};

/** A 批注 (format 4) under the idea its key names: taken only with an idea this import made. */
export type ImportedAnnotation = {
  type: "annotation";
  key: string;
  ideaKey: string;
  content: string;
  createdAt: Date;
};

export type ImportedNote = {
  type: "note";
  key: string;
  title: string;
  content: string;
  tags: string[];
  pinned: boolean;
  sourceIdeaKeys: string[];
  createdAt: Date;
  updatedAt: Date;
  /** 归档 (issue 32): when it was archived; absent when it is not. */
  archivedAt?: Date | undefined;
};

/** A note's 历史版本 (format 5) under the note its key names: taken only with a note this import made. */
export type ImportedNoteVersion = {
  type: "noteVersion";
  key: string;
  noteKey: string;
  title: string;
  content: string;
  tags: string[];
  savedAt: Date;
};

export type ImportedMessage = {
  role: "user" | "assistant";
  content: string;
  status: "done" | "stopped" | "error";
  /** citations as exported, their ids being keys of ideas and notes */
  citations: { type: "idea" | "note"; id: string; title: string; ref?: number | undefined }[];
  sourceKeys: string[];
  points: number;
  mode: "offline" | "provider";
  createdAt: Date;
};

export type ImportedConversation = {
  type: "conversation";
  key: string;
  title: string;
  subject: { type: "idea" | "note"; key: string } | null;
  createdAt: Date;
  updatedAt: Date;
  messages: ImportedMessage[];
};

/** 昵称 and 自我介绍 of a 拾念 export: taken only when the person asks. */
export type ImportedProfile = { type: "profile"; nickname: string; identityDescription: string | null };

/**
 * An image or a recording of an idea or a note (a 拾念 export's attachments[], a flomo memo's img): attached to
 * the item its key names, if this import made that item. Its bytes are read only when written,
 * one image at a time, from the upload's stored zip.
 */
export type ImportedAttachment = {
  type: "attachment";
  kind: "image" | "audio";
  key: string;
  /** the idea's or the note's key (a 拾念 export does not say which: both are looked up) */
  itemKey: string;
  /** on a 批注 read earlier in the file: that 批注's idea's key (its files are skipped with it) */
  annotationIdeaKey?: string;
  /** its place on the item, from 1 */
  position: number;
  /** the file name it had, shown in refusals and kept */
  name: string;
  createdAt: Date | null;
  /** a recording's length as recorded (issue 29), when the export said */
  durationMs?: number | null;
  /** the zip entry holding its bytes; null when the upload lacks it */
  file: SourceFile | null;
};

/** A record that cannot be imported, and why, in Chinese: it is counted and shown, the rest goes on. */
export type RefusedRecord = { type: "refused"; item: string; message: string };
export const refused = (item: string, message: string): RefusedRecord => ({ type: "refused", item, message });

export type ImportRecord =
  | ImportedIdea
  | ImportedIdeaVersion
  | ImportedAnnotation
  | ImportedNote
  | ImportedNoteVersion
  | ImportedConversation
  | ImportedProfile
  | ImportedAttachment
  | RefusedRecord;

/**
 * One file of an upload: an entry of an uploaded zip, or an uploaded file itself. Its name is a
 * label for titles and messages only, never a path on disk.
 */
export type SourceFile = {
  name: string;
  /** bytes once expanded */
  size: number;
  /** the bytes, read from the stored upload as they are consumed */
  open(): Promise<Readable>;
};

/** What an importer reads: the files of the upload (a zip's entries, or the one file uploaded). */
export type ImportSource = { files: SourceFile[] };

/** What the import reads, for a refusal to name. */
export const ACCEPTED_FILES =
  "请上传拾念导出的 zip、flomo 导出的 zip、memos 的数据库文件（memos_prod.db），或 Markdown 文件";

/**
 * One kind of file the import understands. `detect` looks at the contents only (magic bytes, a
 * zip's entries, a page's markup), never at the upload's name.
 */
export type ImporterModule = {
  kind: "shinian" | "flomo" | "memos" | "markdown";
  detect(source: ImportSource): Promise<boolean>;
  /** When no kind is found: the refusal for a file that looks like this kind but is not one. */
  whyNot?(source: ImportSource): Promise<ApiError | null>;
  /** the same records in the same order each time */
  read(source: ImportSource): AsyncIterable<ImportRecord>;
};

/** A note's `attachment:{id}` references to its images. */
export const IMAGE_REFERENCE =
  /attachment:([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})/g;

/** Links with their ids left out (`[[idea:]]`): each account names the targets by its own. */
const withoutLinkIds = (text: string) => rewriteLinks(text, (ref) => `[[${ref.type}:]]`);

/**
 * What an item is recognised by apart from its key: its creation time and its words, a note's with
 * its images' ids left out, links without their targets' ids, as each account names them by its own (import-items.ts does so in SQL).
 */
export function twinOf(r: ImportedIdea | ImportedNote | ImportedConversation) {
  const text =
    r.type === "idea"
      ? withoutLinkIds(r.originalContent)
      : r.type === "note"
        ? withoutLinkIds(r.content.replace(IMAGE_REFERENCE, "attachment:"))
        : r.title;
  return { createdAt: r.createdAt, text };
}
