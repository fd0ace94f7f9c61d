/**
 * The records of a 拾念 export's data.json, checked one by one: a malformed one becomes a
 * refusal naming it and its field in Chinese. Every format version is read (docs/export-format.md):
 * what a version added is optional here, with the value an older export means.
 */
import { MAX_RECORDING_DURATION_MS } from "@shinian/contract";
import { z } from "zod";
import { type ImportRecord, refused, type SourceFile } from "./records.ts";

/** PostgreSQL's text cannot hold NUL: such a string is malformed here, not an error when written. */
const Text = z.string().refine((s) => !s.includes("\u0000"));
const Key = Text.min(1);
const Time = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
const Tags = z.array(Text);
const Points = z.number().int().min(0);
const ItemRef = z.object({ type: z.enum(["idea", "note"]), id: Key });

const Idea = z.object({
  id: Key,
  originalContent: Text,
  title: Text,
  content: Text,
  tags: Tags,
  pinned: z.boolean(),
  aiExcluded: z.boolean(),
  createdAt: Time,
  updatedAt: Time,
  aiVersionId: Key.nullable().default(null), // format 2
  aiStatus: z.enum(["none", "pending", "done", "failed"]).default("none"),
  archivedAt: Time.optional(), // issue 32, additive
});

const IdeaVersion = z.object({
  id: Key,
  ideaId: Key,
  model: Text,
  title: Text,
  content: Text,
  tags: Tags,
  points: Points,
  createdAt: Time,
});

const Annotation = z.object({ id: Key, ideaId: Key, content: Text, createdAt: Time }); // format 4

const Note = z.object({
  id: Key,
  title: Text,
  content: Text,
  tags: Tags,
  sourceIdeaIds: z.array(Key),
  pinned: z.boolean(),
  createdAt: Time,
  updatedAt: Time,
  archivedAt: Time.optional(), // issue 32, additive
});

const NoteVersion = z.object({
  noteId: Key,
  versionId: Key,
  savedAt: Time,
  title: Text,
  content: Text,
  tags: Tags,
}); // format 5

const Message = z.object({
  role: z.enum(["user", "assistant"]),
  content: Text,
  status: z.enum(["done", "stopped", "error"]),
  // ref (issue 29): the [n] the answer calls it by
  citations: z
    .array(
      ItemRef.extend({
        // an answer may cite a 洞察 the person let the assistant read: insights are not imported,
        // so such a citation is left out (as one of an item that never came)
        type: z.enum(["idea", "note", "insight"]),
        title: Text,
        ref: z.number().int().min(1).max(99).optional(),
      }),
    )
    .transform((all) => all.filter((c): c is typeof c & { type: "idea" | "note" } => c.type !== "insight")),
  sourceIds: z.array(Key).default([]), // format 2
  points: Points,
  mode: z.enum(["offline", "provider"]),
  createdAt: Time,
});

const Conversation = z.object({
  id: Key,
  title: Text,
  subject: ItemRef.nullable(),
  createdAt: Time,
  updatedAt: Time,
  messages: z.array(Message),
});

const Attachment = z.object({
  id: Key,
  itemId: Key,
  position: z.number().int().min(1).max(32_767),
  kind: Text,
  name: Text,
  /** null: the file left the bucket while the export ran (refused by name as missing) */
  file: Key.nullable(),
  /** issue 29: a recording's length; absent before */
  durationMs: z.number().int().min(1).max(MAX_RECORDING_DURATION_MS).nullable().optional(),
  createdAt: Time,
});

const Profile = z.object({ nickname: Text, identityDescription: Text.nullable() });

/** What each field is called in a refusal. */
const FIELD_NAMES: Record<string, string> = {
  id: "编号",
  originalContent: "原始内容",
  title: "标题",
  content: "内容",
  tags: "标签",
  pinned: "置顶",
  aiExcluded: "不让AI读取",
  createdAt: "创建时间",
  updatedAt: "更新时间",
  aiVersionId: "采用的AI版本",
  aiStatus: "自动整理状态",
  ideaId: "所属想法",
  model: "模型",
  points: "AI点数",
  sourceIdeaIds: "来源想法",
  subject: "关联的想法或笔记",
  messages: "消息",
  role: "发言方",
  status: "状态",
  citations: "引用",
  sourceIds: "参考来源",
  mode: "模式",
  itemId: "所属想法或笔记",
  noteId: "所属笔记",
  versionId: "版本编号",
  savedAt: "保存时间",
  position: "位置",
  kind: "种类",
  name: "文件名",
  file: "文件",
  nickname: "昵称",
  identityDescription: "自我介绍",
};

/** The first problem with `value`: which field (in which message), missing or malformed. */
function problem(error: z.ZodError, value: unknown): string {
  const path = error.issues[0]?.path ?? [];
  if (path.length === 0) return "格式不正确";
  const inMessage = path[0] === "messages" && typeof path[1] === "number";
  const fieldAt = inMessage ? 2 : 0;
  const field = path[fieldAt] ?? path[0]!;
  const prefix = inMessage ? `消息 #${(path[1] as number) + 1} 的` : "";
  const name = FIELD_NAMES[String(field)] ?? String(field);
  const given = path
    .slice(0, fieldAt + 1)
    .reduce<unknown>((v, k) => (v as Record<PropertyKey, unknown>)?.[k], value);
  return given === undefined ? `缺少${prefix}${name}` : `${prefix}${name}格式不正确`;
}

/** Checks `value`, then makes its record; a refusal naming `item` when it is malformed. */
function reader<S extends z.ZodType>(
  schema: S,
  toRecord: (v: z.output<S>, item: string, fileNamed: FileNamed) => ImportRecord,
) {
  return (item: string, value: unknown, fileNamed: FileNamed = () => null): ImportRecord => {
    const checked = schema.safeParse(value);
    return checked.success
      ? toRecord(checked.data, item, fileNamed)
      : refused(item, problem(checked.error, value));
  };
}

/** The zip entry a data.json record names (a path beside data.json), or null. */
export type FileNamed = (name: string) => SourceFile | null;

export type ExportListName =
  | "ideas"
  | "ideaVersions"
  | "annotations"
  | "notes"
  | "noteVersions"
  | "conversations"
  | "attachments";
export type ExportList = {
  name: string;
  read: (item: string, value: unknown, fileNamed?: FileNamed) => ImportRecord;
};

/** The lists of data.json that are read, in the order the export writes them. */
export const exportLists: Record<ExportListName, ExportList> = {
  ideas: {
    name: "想法",
    read: reader(Idea, ({ id, aiVersionId, aiStatus, ...i }) => ({
      type: "idea",
      key: id,
      ...i,
      appliedVersionKey: aiVersionId,
      // an imported idea is never tidied automatically: one waiting for it is as one never tidied
      aiStatus: aiStatus === "pending" ? "none" : aiStatus,
    })),
  },
  ideaVersions: {
    name: "AI版本",
    read: reader(IdeaVersion, ({ id, ideaId, ...v }) => ({
      type: "ideaVersion",
      key: id,
      ideaKey: ideaId,
      ...v,
    })),
  },
  annotations: {
    name: "批注",
    read: reader(Annotation, ({ id, ideaId, ...a }) => ({
      type: "annotation",
      key: id,
      ideaKey: ideaId,
      ...a,
    })),
  },
  notes: {
    name: "笔记",
    read: reader(Note, ({ id, sourceIdeaIds, ...n }) => ({
      type: "note",
      key: id,
      sourceIdeaKeys: sourceIdeaIds,
      ...n,
    })),
  },
  // format 5: 历史版本, after the notes they are of
  noteVersions: {
    name: "历史版本",
    read: reader(NoteVersion, ({ noteId, versionId, ...v }) => ({
      type: "noteVersion",
      key: versionId,
      noteKey: noteId,
      ...v,
    })),
  },
  conversations: {
    name: "对话",
    read: reader(Conversation, ({ id, subject, messages, ...c }) => ({
      type: "conversation",
      key: id,
      subject: subject && { type: subject.type, key: subject.id },
      messages: messages.map(({ sourceIds, ...m }) => ({ ...m, sourceKeys: sourceIds })),
      ...c,
    })),
  },
  // format 3's images and recordings, after the ideas and notes they are on; their bytes are read when written
  attachments: {
    name: "图片",
    read: reader(Attachment, (a, item, fileNamed) =>
      a.kind === "image" || a.kind === "audio"
        ? {
            type: "attachment",
            kind: a.kind,
            key: a.id,
            itemKey: a.itemId,
            position: a.position,
            name: a.name,
            createdAt: a.createdAt,
            durationMs: a.kind === "audio" ? (a.durationMs ?? null) : null,
            file: a.file === null ? null : fileNamed(a.file),
          }
        : refused(`${item}「${a.name}」`, `暂不能导入这种附件（${a.kind}），已跳过`),
    ),
  },
};

export const readProfile = reader(Profile, (p) => ({ type: "profile", ...p }));
