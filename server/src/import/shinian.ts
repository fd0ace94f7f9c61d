/**
 * 拾念's own export (docs/export-format.md): data.json, read as a stream. Only the records a
 * person's content is made of are taken: the profile text, ideas with their AI versions, notes
 * with their 历史版本, conversations. The points ledger, 每日回顾's history and the trash are left out (points are
 * never restored; the others are state of the account they came from).
 */
import JSONParser from "@streamparser/json/jsonparser.js";
import TokenType from "@streamparser/json/utils/types/tokenType.js";
import { EXPORT_FORMAT_VERSION } from "../export/format.ts";
import { chunksOf, headOf } from "./file-text.ts";
import {
  type ImporterModule,
  type ImportRecord,
  type ImportSource,
  refused,
  type SourceFile,
} from "./records.ts";
import { type ExportListName, exportLists, type FileNamed, readProfile } from "./shinian-schemas.ts";

const FORMAT = /^\uFEFF?\s*\{\s*"format"\s*:\s*"([^"]*)"/;
/** "format" is data.json's first member: this many bytes hold it with room for white space. */
const HEAD_BYTES = 256;
/**
 * The most one record (or skipped value) may take in data.json, held whole while it is parsed: far
 * above a note (under 1.5 MB even as \uXXXX escapes) or a long conversation, far below the process.
 */
export const MAX_RECORD_BYTES = 16 * 1024 * 1024;

/** The export's data.json: at the zip's root, or in the one folder a re-zipped export has. */
function dataJsonOf(source: ImportSource): SourceFile | undefined {
  const candidates = source.files.filter((f) => /^(?:[^/]+\/)?data\.json$/.test(f.name));
  return (
    candidates.find((f) => f.name === "data.json") ?? (candidates.length === 1 ? candidates[0] : undefined)
  );
}

async function detect(source: ImportSource): Promise<boolean> {
  const file = dataJsonOf(source);
  if (!file) return false;
  return formatVersion(FORMAT.exec(new TextDecoder().decode(await headOf(file, HEAD_BYTES)))?.[1]) !== null;
}

/** The values of data.json that become records; everything else is dropped as it is parsed. */
const PATHS = ["$.format", "$.profile", ...Object.keys(exportLists).map((list) => `$.${list}.*`)];

type Parsed = {
  path: "format" | "profile" | ExportListName;
  index: number;
  value: unknown;
  inArray: boolean;
};

/**
 * The parser holds one record at a time: with keepStack off, a value is deleted from its parent
 * once emitted, and values on no path are deleted as soon as they are complete.
 */
class DataJsonParser {
  readonly parsed: Parsed[] = [];
  private readonly parser = new JSONParser({ paths: PATHS, keepStack: false });
  private bytes = 0; // fed so far
  private tokenAt = 0; // byte offset of the last token, where a misplaced one is
  private lines = 0; // newlines before the current chunk
  private chunk: Uint8Array = new Uint8Array(0);
  private depth = 0; // of objects and arrays: a record is a value at depth 2 (in a list)
  private recordStart = 0; // byte offset where the value being parsed began, at most

  constructor() {
    this.parser.onToken = ({ token, offset }) => {
      this.tokenAt = offset;
      if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) this.depth++;
      else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) this.depth--;
      if (this.depth <= 2) this.recordStart = offset;
    };
    this.parser.onValue = ({ value, key, stack, parent }) => {
      const path = (stack.length === 1 ? key : stack[1]?.key) as Parsed["path"];
      const index = typeof key === "number" ? key : 0;
      this.parsed.push({ path, index, value, inArray: Array.isArray(parent) });
    };
  }

  write(chunk: Uint8Array) {
    this.lines += countNewlines(this.chunk);
    this.chunk = chunk;
    const start = this.bytes;
    this.bytes += chunk.length;
    try {
      this.parser.write(chunk);
    } catch (err) {
      throw this.positioned(err, start);
    }
    if (this.bytes - this.recordStart > MAX_RECORD_BYTES) {
      const line = this.lines + countNewlines(chunk) + 1;
      throw new MalformedJson(
        `第 ${line} 行附近的一条记录超过 ${MAX_RECORD_BYTES / 1024 / 1024} MB，无法读取，其后的内容未能读取`,
      );
    }
  }

  end() {
    if (this.parser.isEnded) return;
    try {
      this.parser.end();
    } catch {
      throw new MalformedJson(`文件在第 ${this.bytes} 字节处意外结束（文件不完整）`);
    }
  }

  /** The tokenizer names the byte it stopped at; the token parser, the last token's. */
  private positioned(err: unknown, chunkStart: number): MalformedJson {
    const absolute = /absolute position "(\d+)"/.exec(String((err as Error).message))?.[1];
    const at = absolute !== undefined ? Number(absolute) : this.tokenAt;
    const inChunk = Math.max(0, Math.min(at - chunkStart, this.chunk.length));
    const line = this.lines + countNewlines(this.chunk.subarray(0, inChunk)) + 1;
    return new MalformedJson(`第 ${line} 行（第 ${at + 1} 字节）附近不是有效的 JSON，其后的内容未能读取`);
  }
}

class MalformedJson extends Error {}

function countNewlines(bytes: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let n = 0;
  for (let at = buffer.indexOf(0x0a); at !== -1; at = buffer.indexOf(0x0a, at + 1)) n++;
  return n;
}

/** One parsed value as a record, or a refusal naming it in Chinese. */
function toRecord(label: string, p: Parsed, fileNamed: FileNamed): ImportRecord {
  if (p.path === "profile") return readProfile(`${label}个人资料`, p.value);
  const list = exportLists[p.path as ExportListName];
  if (!p.inArray) return refused(`${label}${list.name}`, "列表格式不正确");
  return list.read(`${label}${list.name} #${p.index + 1}`, p.value, fileNamed);
}

/** Entries beside data.json by their path from it (`files/<id>.png`); a name is never a disk path. */
function filesBeside(source: ImportSource, dataJson: SourceFile): FileNamed {
  const folder = dataJson.name.slice(0, dataJson.name.length - "data.json".length);
  const byName = new Map(source.files.map((f) => [f.name, f]));
  return (name) => (name.startsWith("/") ? null : (byName.get(folder + name) ?? null));
}

async function* read(source: ImportSource): AsyncGenerator<ImportRecord> {
  const file = dataJsonOf(source);
  if (!file) {
    yield refused("data.json", "导出文件中没有 data.json");
    return;
  }
  const label = `「${file.name}」`;
  const parser = new DataJsonParser();
  const fileNamed = filesBeside(source, file);
  let format: number | null = null;
  // data.json lists 批注 before the files: a file on one is read knowing the 批注's idea
  const ideaOfAnnotation = new Map<string, string>();
  for await (const chunk of chunksOf(file)) {
    let failure: string | null = null;
    try {
      parser.write(chunk);
    } catch (err) {
      if (!(err instanceof MalformedJson)) throw err;
      failure = err.message;
    }
    for (const p of parser.parsed.splice(0)) {
      if (p.path === "format") {
        format = formatVersion(p.value);
        if (format === null) {
          yield refused(label, `不是本版本拾念能读取的导出格式（${String(p.value)}），请先升级拾念`);
          return;
        }
        continue;
      }
      if (format === null) {
        yield refused(label, "开头缺少导出格式（format），不是拾念的导出文件");
        return;
      }
      const record = toRecord(label, p, fileNamed);
      if (record.type === "annotation") ideaOfAnnotation.set(record.key, record.ideaKey);
      else if (record.type === "attachment") record.annotationIdeaKey = ideaOfAnnotation.get(record.itemKey);
      yield record;
    }
    if (failure) {
      yield refused(label, failure);
      return;
    }
  }
  try {
    parser.end();
  } catch (err) {
    if (!(err instanceof MalformedJson)) throw err;
    yield refused(label, err.message);
  }
}

function formatVersion(value: unknown): number | null {
  const version = /^shinian-export\/([1-9]\d{0,5})$/.exec(String(value))?.[1];
  return version !== undefined && Number(version) <= EXPORT_FORMAT_VERSION ? Number(version) : null;
}

export const shinianImporter: ImporterModule = { kind: "shinian", detect, read };
