// Over 300 lines on purpose: one streaming parser of flomo's page, whose states share the memo being read.
/**
 * flomo's 导出所有数据 (HTML): a zip with one page in which each memo is a `div.memo` holding its
 * time (`div.time`, Beijing time), its content (`div.content`) and its images (`img` under
 * `div.files`, paths into the zip's `file/` folder). The page is parsed as a stream; only the
 * memo being read is kept as a small tree, so a page of any length reads in bounded memory.
 */
import { createHash } from "node:crypto";
import { CreateIdeaRequestSchema } from "@shinian/contract/items";
import { withTypedTags } from "@shinian/contract/tags";
import { Parser } from "htmlparser2";
import { chunksOf } from "./file-text.ts";
import { contentToMarkdown, type HtmlElement, textOf } from "./flomo-markdown.ts";
import {
  type ImportedIdea,
  type ImporterModule,
  type ImportRecord,
  type ImportSource,
  refused,
  type SourceFile,
} from "./records.ts";

/** How far into a file detection looks for a memo (flomo's page starts with its styles and tag list). */
const SNIFF_BYTES = 1024 * 1024;
/** A memo holding more text or elements than this is refused unread: an idea holds 10,000 characters. */
const MAX_MEMO_CHARS = 100_000;
const MAX_MEMO_ELEMENTS = 10_000;
const BEIJING_OFFSET_HOURS = 8;

const hasClass = (attrs: Record<string, string>, name: string) =>
  (attrs.class ?? "").split(/\s+/).includes(name);
const isMemo = (name: string, attrs: Record<string, string>) => name === "div" && hasClass(attrs, "memo");

export const flomoImporter: ImporterModule = {
  kind: "flomo",
  async detect(source) {
    return (await memoPage(source)) !== undefined;
  },
  async *read(source) {
    const page = await memoPage(source);
    if (page) yield* readPage(page, imagesBeside(source, page));
  },
};

/** The page that holds memos, by its contents: pages named .html are only tried first. */
async function memoPage(source: ImportSource): Promise<SourceFile | undefined> {
  const looksHtml = (f: SourceFile) => /\.html?$/i.test(f.name);
  const ordered = [...source.files.filter(looksHtml), ...source.files.filter((f) => !looksHtml(f))];
  for (const file of ordered) if (await holdsMemos(file)) return file;
  return undefined;
}

async function holdsMemos(file: SourceFile): Promise<boolean> {
  let found = false;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (isMemo(name, attrs)) found = true;
    },
  });
  const decoder = new TextDecoder();
  let read = 0;
  let started = false;
  for await (const chunk of chunksOf(file)) {
    const text = decoder.decode(chunk, { stream: true });
    // markup starts with `<`: any other first character (an image, a database) ends the look at once
    if (!started && text.trim()) {
      if (!text.trimStart().startsWith("<")) return false;
      started = true;
    }
    read += chunk.byteLength;
    parser.write(text);
    if (found || read >= SNIFF_BYTES) return found;
  }
  parser.end();
  return found;
}

type OpenMemo = {
  line: number;
  root: HtmlElement;
  /** open elements, the memo's div first; detached (not added to the tree) once the memo is too large */
  stack: HtmlElement[];
  chars: number;
  elements: number;
  tooLarge: boolean;
  /** a div closed without its end tag: the markup is broken */
  broken: boolean;
};

/** The most images an idea holds, as in the app. */
export const MAX_MEMO_IMAGES = 9;

type FileAt = (src: string) => SourceFile | null;

/**
 * An img's file: its src is a path from the page's folder (`file/2024-01-02/…png`, perhaps
 * percent-encoded), looked up among the zip's entries by name. Nothing is ever opened by path.
 */
function imagesBeside(source: ImportSource, page: SourceFile): FileAt {
  const folder = page.name.slice(0, page.name.lastIndexOf("/") + 1);
  const byName = new Map(source.files.map((f) => [f.name, f]));
  return (src) => {
    let path = src.replace(/^\.\//, "");
    try {
      path = decodeURIComponent(path);
    } catch {
      // kept as written: a name with a stray % is looked up as it is
    }
    return byName.get(folder + path) ?? byName.get(path) ?? null;
  };
}

async function* readPage(file: SourceFile, fileAt: FileAt): AsyncGenerator<ImportRecord> {
  const at = (line: number) => `「${file.name}」第 ${line} 行`;
  const ready: ImportRecord[] = [];
  const lines = new LineCounter();
  const keys = new Map<string, number>();
  let memo: OpenMemo | undefined;

  const finish = (m: OpenMemo) => {
    memo = undefined;
    if (m.broken) ready.push(refused(at(m.line), "这条 memo 的标签没有正确闭合，未导入"));
    else if (m.tooLarge) ready.push(refused(at(m.line), "这条 memo 太长，未导入"));
    else ready.push(...memoRecords(m, at(m.line), keys, fileAt));
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (isMemo(name, attrs)) {
          if (memo) finish({ ...memo, broken: true });
          const root: HtmlElement = { name, attrs, children: [] };
          const line = lines.lineAt(parser.startIndex);
          memo = { line, root, stack: [root], chars: 0, elements: 1, tooLarge: false, broken: false };
          return;
        }
        if (!memo) return;
        const el: HtmlElement = { name, attrs, children: [] };
        memo.elements++;
        if (memo.elements > MAX_MEMO_ELEMENTS) memo.tooLarge = true;
        if (!memo.tooLarge) memo.stack.at(-1)!.children.push(el);
        memo.stack.push(el);
      },
      ontext(text) {
        if (!memo || memo.tooLarge) return;
        memo.chars += text.length;
        if (memo.chars > MAX_MEMO_CHARS) memo.tooLarge = true;
        const siblings = memo.stack.at(-1)!.children;
        if (typeof siblings.at(-1) === "string") siblings[siblings.length - 1] += text;
        else siblings.push(text);
      },
      onclosetag(name, isImplied) {
        if (!memo) return;
        if (isImplied && name === "div") memo.broken = true;
        memo.stack.pop();
        if (memo.stack.length === 0) finish(memo);
      },
    },
    { decodeEntities: true },
  );

  const decoder = new TextDecoder();
  for await (const chunk of chunksOf(file)) {
    const text = decoder.decode(chunk, { stream: true });
    lines.append(text);
    parser.write(text);
    lines.forget(parser.startIndex);
    yield* ready.splice(0);
  }
  const rest = decoder.decode();
  lines.append(rest);
  parser.write(rest);
  // what is still open at the end of the page was cut off
  if (memo) memo.broken = true;
  parser.end();
  if (memo) finish(memo);
  yield* ready.splice(0);
}

/** The idea of a finished memo and its images (up to MAX_MEMO_IMAGES; the rest are refused by name). */
function memoRecords(
  memo: OpenMemo,
  item: string,
  keys: Map<string, number>,
  fileAt: FileAt,
): ImportRecord[] {
  const time = all(memo.root, (el) => el.name === "div" && hasClass(el.attrs, "time"))[0];
  const content = all(memo.root, (el) => el.name === "div" && hasClass(el.attrs, "content"))[0];
  const sources = all(memo.root, (el) => el.name === "img")
    .map((img) => (img.attrs.src ?? "").trim())
    .filter(Boolean);
  const notImported = (why: string) => [
    refused(item, why),
    ...sources.map((src) => refused(`「${src}」`, "所在的 memo 未导入，已跳过")),
  ];
  const createdAt = time && beijingTime(textOf(time).trim());
  if (!createdAt) return notImported("这条 memo 没有可识别的时间（应为 YYYY-MM-DD HH:mm:ss），未导入");
  const text = content ? contentToMarkdown(content) : "";
  if (!text && sources.length > 0) return notImported("这条 memo 只有图片，没有文字，未导入");
  const valid = CreateIdeaRequestSchema.shape.content.safeParse(text);
  if (!valid.success) return notImported(`${valid.error.issues[0]!.message}，未导入`);

  const idea: ImportedIdea = {
    type: "idea",
    key: memoKey(createdAt, text, keys),
    originalContent: text,
    content: text,
    title: "",
    tags: withTypedTags([], text),
    pinned: false,
    aiExcluded: false,
    createdAt,
    updatedAt: createdAt,
    appliedVersionKey: null,
  };
  const images: ImportRecord[] = sources.map((src, n) =>
    n < MAX_MEMO_IMAGES
      ? {
          type: "attachment",
          kind: "image",
          key: `${idea.key}:image:${n + 1}`,
          itemKey: idea.key,
          position: n + 1,
          name: src.slice(src.lastIndexOf("/") + 1) || src,
          createdAt,
          file: fileAt(src),
        }
      : refused(`「${src}」`, `每条想法最多 ${MAX_MEMO_IMAGES} 张图片，已跳过`),
  );
  return [idea, ...images];
}

/**
 * flomo's export carries no memo ids. A memo is its time and its words, so importing it twice skips
 * it and an edited memo is new; memos identical in both are told apart by their order in the page.
 */
function memoKey(time: Date, text: string, seen: Map<string, number>): string {
  // made from the Date, not the page's text: a slice of that text would keep its whole chunk alive
  const base = `flomo:${time.toISOString()}:${createHash("sha256").update(text).digest("hex").slice(0, 32)}`;
  const repeat = seen.get(base) ?? 0;
  seen.set(base, repeat + 1);
  return repeat === 0 ? base : `${base}:${repeat}`;
}

/** `YYYY-MM-DD HH:mm:ss` in Beijing time (UTC+8, no daylight saving), or null. */
export function beijingTime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const utc = new Date(Date.UTC(y, mo - 1, d, h - BEIJING_OFFSET_HOURS, mi, s));
  const local = new Date(utc.getTime() + BEIJING_OFFSET_HOURS * 3_600_000);
  const same =
    local.getUTCFullYear() === y &&
    local.getUTCMonth() === mo - 1 &&
    local.getUTCDate() === d &&
    local.getUTCHours() === h &&
    local.getUTCMinutes() === mi &&
    local.getUTCSeconds() === s;
  return same ? utc : null;
}

function all(el: HtmlElement, test: (el: HtmlElement) => boolean, out: HtmlElement[] = []): HtmlElement[] {
  for (const child of el.children) {
    if (typeof child === "string") continue;
    if (test(child)) out.push(child);
    all(child, test, out);
  }
  return out;
}

/**
 * Line numbers of positions in a streamed text. htmlparser2 reports character offsets from the
 * start of the page; only the text after the last position asked about is kept.
 */
class LineCounter {
  private text = "";
  /** offset in the page of text[0] */
  private base = 0;
  /** how far into text the lines are counted, and the line there */
  private pos = 0;
  private line = 1;

  append(chunk: string) {
    this.text = this.text.slice(this.pos) + chunk;
    this.base += this.pos;
    this.pos = 0;
  }

  lineAt(offset: number): number {
    this.forget(offset);
    return this.line;
  }

  /** Counts the lines up to offset: no later question asks about an earlier offset. */
  forget(offset: number) {
    const end = Math.min(offset - this.base, this.text.length);
    while (this.pos < end) {
      const next = this.text.indexOf("\n", this.pos);
      if (next === -1 || next >= end) break;
      this.line++;
      this.pos = next + 1;
    }
    if (end > this.pos) this.pos = end;
  }
}
