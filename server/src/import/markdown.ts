/**
 * Markdown files (a zip of them, or several uploaded at once): each file becomes a note, its
 * title, tags and time from its front matter where given. Its key is a fingerprint of its name
 * (without folders) and its bytes: files carry no id, and the same file uploaded again, from a zip
 * or as loose files, is the same note, while an edited one is new.
 */
import { createHash } from "node:crypto";
import { MAX_TAG_LENGTH, MAX_TAGS, withTypedTags } from "@shinian/contract/tags";
import { parseDocument } from "yaml";
import { headOf, isBookkeeping, looksLikeText, textOf } from "./file-text.ts";
import { type ImporterModule, type ImportRecord, refused, type SourceFile } from "./records.ts";

const NOTE_MAX_CHARS = 200_000;
const TITLE_MAX_CHARS = 200;
/** A note's longest text as UTF-8, with room for front matter: a bigger file is refused unread. */
const FILE_MAX_BYTES = NOTE_MAX_CHARS * 4 + 64 * 1024;
const SNIFF_BYTES = 4096;

const baseName = (name: string) => name.split("/").pop() ?? name;
const titleFromName = (name: string) => baseName(name).replace(/\.(md|markdown|mdown|txt)$/i, "");

class Malformed extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

/** `2026-11-24` is midnight and `2026-11-24 08:30` that time, in Beijing; with a zone, as written. */
function parseTime(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim();
  let iso = text;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) iso = `${text}T00:00:00+08:00`;
  else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(text)) iso = `${text.replace(" ", "T")}+08:00`;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at;
}

function tagsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === "string" ? value.split(/[,，\s]+/) : [];
  return list
    .filter((t) => typeof t === "string" || typeof t === "number")
    .map((t) => String(t).trim().replace(/^#/, ""))
    .filter((t) => t && t.length <= MAX_TAG_LENGTH && !/\s/.test(t))
    .slice(0, MAX_TAGS);
}

type FrontMatter = { fields: Record<string, unknown>; body: string; lineOf: (key: string) => number };

/** The front matter between a first line `---` and the next `---` (or `...`), and the text after it. */
function splitFrontMatter(text: string): FrontMatter {
  const lines = text.split("\n");
  if (lines[0]?.trim() !== "---") return { fields: {}, body: text, lineOf: () => 1 };
  const end = lines.findIndex((line, i) => i > 0 && (line.trim() === "---" || line.trim() === "..."));
  if (end < 0) throw new Malformed(1, "文件开头的属性区（front matter）没有用 --- 结束");
  const document = parseDocument(lines.slice(1, end).join("\n"), { prettyErrors: true });
  const error = document.errors[0];
  if (error) {
    throw new Malformed((error.linePos?.[0].line ?? 1) + 1, "文件开头的属性区（front matter）格式有误");
  }
  let fields: Record<string, unknown>;
  try {
    fields = document.toJS() ?? {};
  } catch {
    // yaml refuses an alias bomb (anchors referring to each other past its alias count)
    throw new Malformed(2, "文件开头的属性区（front matter）中别名引用过多，无法读取");
  }
  if (typeof fields !== "object" || Array.isArray(fields)) {
    throw new Malformed(2, "文件开头的属性区（front matter）应为「名称: 值」的形式");
  }
  const lineOf = (key: string) => {
    const at = lines.findIndex((line, i) => i > 0 && i < end && line.startsWith(`${key}:`));
    return at < 0 ? 1 : at + 1;
  };
  return { fields, body: lines.slice(end + 1).join("\n"), lineOf };
}

function noteOf(file: SourceFile, text: string): ImportRecord {
  const { fields, body, lineOf } = splitFrontMatter(text);
  const timeField = fields.created !== undefined ? "created" : "date";
  const created = fields[timeField] === undefined ? new Date() : parseTime(fields[timeField]);
  if (!created) throw new Malformed(lineOf(timeField), `无法识别的时间「${String(fields[timeField])}」`);
  const updated = fields.updated === undefined ? created : parseTime(fields.updated);
  if (!updated) throw new Malformed(lineOf("updated"), `无法识别的时间「${String(fields.updated)}」`);
  const content = body.replace(/^\n+/, "").trimEnd();
  if (content.length > NOTE_MAX_CHARS) throw new Malformed(1, `笔记最多 ${NOTE_MAX_CHARS} 个字符`);
  const title =
    typeof fields.title === "string" || typeof fields.title === "number"
      ? String(fields.title).trim()
      : titleFromName(file.name);
  return {
    type: "note",
    key: createHash("sha256").update(baseName(file.name)).update("\0").update(text).digest("hex"),
    title: title.slice(0, TITLE_MAX_CHARS) || titleFromName(file.name).slice(0, TITLE_MAX_CHARS),
    content,
    tags: withTypedTags(tagsOf(fields.tags), content),
    pinned: fields.pinned === true,
    sourceIdeaKeys: [],
    createdAt: created,
    updatedAt: new Date(Math.max(updated.getTime(), created.getTime())),
  };
}

async function* readMarkdown(source: { files: SourceFile[] }): AsyncIterable<ImportRecord> {
  for (const file of source.files) {
    if (isBookkeeping(file.name)) continue;
    if (file.size > FILE_MAX_BYTES) {
      yield refused(`「${file.name}」`, `文件过大：笔记最多 ${NOTE_MAX_CHARS} 个字符`);
      continue;
    }
    const text = await textOf(file);
    if (text === null) {
      yield refused(`「${file.name}」`, "不是 UTF-8 编码的文本文件，已跳过");
      continue;
    }
    try {
      yield noteOf(file, text.replace(/^\uFEFF/, ""));
    } catch (err) {
      if (!(err instanceof Malformed)) throw err;
      yield refused(`「${file.name}」第 ${err.line} 行`, err.message);
    }
  }
}

export const markdownImporter: ImporterModule = {
  kind: "markdown",
  /** Text among the first files: Markdown is tried last, after the kinds with a structure. */
  async detect(source) {
    for (const file of source.files.filter((f) => !isBookkeeping(f.name)).slice(0, 20)) {
      if (looksLikeText(await headOf(file, SNIFF_BYTES))) return true;
    }
    return false;
  },
  read: readMarkdown,
};
