// Over 300 lines on purpose: one reader: the zip directory's checks and the chunked reads they guard.
/**
 * An upload as its importers see it (an ImportSource), read from the database's chunks as it is
 * consumed, never whole in memory. A zip's directory is checked against the limits before any
 * entry is read; entry names are labels only: nothing is written to disk.
 */
import { Readable } from "node:stream";
import { inflateRawSync } from "node:zlib";
import yauzl from "yauzl";
import type { Db } from "../db/pool.ts";
import type { ImportLimits } from "../env.ts";
import { ApiError } from "../errors.ts";
import { CHUNK_BYTES, readChunkRange } from "./chunks.store.ts";
import type { ImportSource, SourceFile } from "./records.ts";

export type StoredPart = { name: string; size: number };

/** A chunk divided evenly: whole 1 MB chunks left ~50 MB of dead buffers waiting for a full GC. */
const PIECE_BYTES = 128 * 1024;
/** Pieces kept per part: small reads of a zip's directory and headers mostly land in them. */
const CACHED_PIECES = 4;

/**
 * The bytes one preview or job may open in all: a small multiple of the upload. Entries never share
 * bytes (checkLayout), so an honest file stays far below; one that names the same large entry
 * again and again (a crafted 拾念 export's attachments) does not.
 */
export type ReadBudget = { left: number; factor: number };

/** What any upload may open beyond its multiple: a tiny file is read whole a few times. */
const BUDGET_FLOOR = 1024 * 1024;

function charge(budget: ReadBudget, bytes: number) {
  budget.left -= bytes;
  if (budget.left < 0) {
    throw new ApiError(
      "PAYLOAD_TOO_LARGE",
      `读取这个文件所需的数据超过了文件大小的 ${budget.factor} 倍（文件可能被篡改），已停止导入`,
    );
  }
}

/** Bytes [start, end) of a part, or its first bytes from `start` up to the end of their piece. */
type Span = (start: number, end: number) => Promise<Buffer>;

/**
 * A part's bytes, read a piece at a time, the last few pieces kept. `forwardOnly`: a piece is
 * fetched whole only past every piece fetched before; a read behind them fetches just its bytes,
 * so entries opened out of order cost what they hold (a 4 kB image, not a 128 kB piece).
 */
function spansOf(db: Db, jobId: string, part: number, size: number, forwardOnly: boolean): Span {
  const cache = new Map<number, Promise<Buffer>>();
  const perChunk = CHUNK_BYTES / PIECE_BYTES;
  let furthest = -1;
  const fetch = (index: number, from: number, length: number) =>
    readChunkRange(
      db,
      jobId,
      part,
      Math.floor(index / perChunk),
      (index % perChunk) * PIECE_BYTES + from,
      length,
    );
  return async (start, end) => {
    const index = Math.floor(start / PIECE_BYTES);
    const pieceAt = index * PIECE_BYTES;
    const stop = Math.min(end, pieceAt + PIECE_BYTES, size);
    if (stop <= start) throw new Error("stored upload ends before its size");
    let piece = cache.get(index);
    if (piece) cache.delete(index);
    else if (forwardOnly && index <= furthest) return fetch(index, start - pieceAt, stop - start);
    else {
      furthest = Math.max(furthest, index);
      piece = fetch(index, 0, Math.min(PIECE_BYTES, size - pieceAt));
      piece.catch(() => cache.delete(index));
    }
    cache.set(index, piece);
    if (cache.size > CACHED_PIECES) cache.delete(cache.keys().next().value!);
    return (await piece).subarray(start - pieceAt, stop - pieceAt);
  };
}

/** Bytes [start, end) of a part, one span at a time as the reader asks. */
function rangeStream(span: Span, start: number, end: number): Readable {
  let at = start;
  return new Readable({
    read() {
      if (at >= end) {
        this.push(null);
        return;
      }
      span(at, end).then(
        (bytes) => {
          if (bytes.length === 0) return this.destroy(new Error("stored upload ends before its size"));
          at += bytes.length;
          this.push(bytes);
        },
        (err: Error) => this.destroy(err),
      );
    },
  });
}

/** Copies bytes [start, start + into.length) of a part into `into`. */
async function copyRange(span: Span, start: number, into: Buffer) {
  let at = 0;
  while (at < into.length) {
    const bytes = await span(start + at, start + into.length);
    if (bytes.length === 0) throw new Error("stored upload ends before its size");
    at += bytes.copy(into, at);
  }
}

/** Bytes [start, end) of a part as one buffer: for small reads only. */
async function readRange(span: Span, start: number, end: number): Promise<Buffer> {
  const bytes = Buffer.allocUnsafe(end - start);
  await copyRange(span, start, bytes);
  return bytes;
}

/** Entries up to this size are read whole: a stream pipeline per small entry costs more than it. */
const WHOLE_ENTRY_BYTES = 1024 * 1024;

/** What is kept of a zip's entry: yauzl's Entry holds ~700 bytes of buffers (7 MB for 10,000 files). */
type ZipItem = {
  name: string;
  size: number;
  compressedSize: number;
  method: number;
  encrypted: boolean;
  headerAt: number;
  /** where its data starts: known once its local header was checked (checkLayout) */
  dataAt: number;
};

/** An entry as the central directory states it, until its local header has been checked. */
type Listed = { item: ZipItem; nameRaw: Buffer };

async function openEntry(zip: yauzl.ZipFile, span: Span, item: ZipItem, budget: ReadBudget) {
  if (item.encrypted) throw new Error("encrypted zip entry");
  if (item.method !== 0 && item.method !== 8) throw new Error("unsupported compression method");
  if (item.method === 0 && item.compressedSize !== item.size) throw new Error("stored entry size mismatch");
  const { dataAt, compressedSize, size } = item;
  charge(budget, dataAt + compressedSize - item.headerAt);
  if (item.size > WHOLE_ENTRY_BYTES) {
    // yauzl checks the inflated length against the directory's as it streams. (Its
    // openReadStreamLowLevelPromise calls openReadStream by mistake in 3.4.0: the callback form.)
    return new Promise<Readable>((resolve, reject) =>
      zip.openReadStreamLowLevel(
        dataAt,
        compressedSize,
        0,
        compressedSize,
        item.method === 8,
        size,
        (err, s) => (err ? reject(err) : resolve(s)),
      ),
    );
  }
  const stored = await readRange(span, dataAt, dataAt + compressedSize);
  // one output buffer of the declared size (and a byte to see a longer one), not 16 kB per entry
  const inflate = { chunkSize: Math.max(64, item.size + 1), maxOutputLength: WHOLE_ENTRY_BYTES + 1 };
  const bytes = item.method === 8 ? inflateRawSync(stored, inflate) : stored;
  if (bytes.length !== item.size) throw new Error("zip entry size differs from its directory");
  return Readable.from([bytes]);
}

/** The zip as yauzl reads it: its directory through `directory`, its large entries through `entries`. */
class StoredReader extends yauzl.RandomAccessReader {
  private readonly directory: Span;
  private readonly entries: Span;
  constructor(directory: Span, entries: Span) {
    super();
    this.directory = directory;
    this.entries = entries;
  }
  override _readStreamForRange(start: number, end: number): Readable {
    return rangeStream(this.entries, start, end);
  }
  /** yauzl reads the directory with this; its default makes a stream pipeline per entry (~9 kB). */
  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null, bytesRead?: number) => void,
  ) {
    copyRange(this.directory, position, buffer.subarray(offset, offset + length)).then(
      () => callback(null, length),
      (err: Error) => callback(err),
    );
  }
}

const refusedZip = (message: string) => new ApiError("VALIDATION_ERROR", message);

/** Whether a part's first bytes are a zip's (a local file header, or the end record of an empty zip). */
async function isZip(db: Db, jobId: string, part: StoredPart): Promise<boolean> {
  if (part.size < 22) return false;
  const head = await readChunkRange(db, jobId, 0, 0, 0, 4);
  return head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5) && head[3] === head[2] + 1;
}

async function entriesOf(zip: yauzl.ZipFile, limits: ImportLimits): Promise<Listed[]> {
  if (zip.entryCount > limits.maxEntries) {
    throw refusedZip(`压缩包中的文件过多（超过 ${limits.maxEntries} 个），已拒绝导入`);
  }
  const entries: Listed[] = [];
  let expanded = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      expanded += entry.uncompressedSize;
      // A bomb expands by far more than text ever compresses; small entries cannot hurt.
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > 1024 * 1024 && ratio > limits.maxRatio) {
        reject(refusedZip("压缩包中有文件的压缩比异常（疑似压缩炸弹），已拒绝导入"));
      } else if (expanded > limits.maxExpandedBytes) {
        reject(refusedZip("压缩包解压后过大，已拒绝导入"));
      } else {
        entries.push({
          item: {
            name: entry.fileName,
            size: entry.uncompressedSize,
            compressedSize: entry.compressedSize,
            method: entry.compressionMethod,
            encrypted: entry.isEncrypted(),
            headerAt: entry.relativeOffsetOfLocalHeader,
            dataAt: -1,
          },
          nameRaw: Buffer.from(entry.fileNameRaw),
        });
        zip.readEntry();
      }
    });
    zip.on("end", () => resolve());
    zip.on("error", (err: Error) =>
      reject(
        /path|fileName/.test(err.message)
          ? refusedZip("压缩包中有不安全的文件名（绝对路径或 ../），已拒绝导入")
          : refusedZip("压缩包已损坏，无法读取"),
      ),
    );
    zip.readEntry();
  });
  return entries;
}

const tampered = (what: string) => refusedZip(`压缩包${what}（文件已损坏或被改动过），已拒绝导入`);

/**
 * Checks, before any entry is read, that each local header names what the directory names and no
 * byte belongs to two entries or lies past the file: yauzl trusts the directory, so a 127-byte zip
 * could claim 4 GB, and 50 records one header. Headers are read in file order, each piece once.
 */
async function checkLayout(span: Span, listed: Listed[], directoryAt: number, uploadSize: number) {
  const end = Math.min(directoryAt, uploadSize);
  let compressed = 0;
  for (const { item } of listed) compressed += item.compressedSize;
  if (compressed > uploadSize) throw tampered("中各文件的大小之和超过了压缩包本身");
  const inOrder = [...listed].sort((a, b) => a.item.headerAt - b.item.headerAt);
  let free = 0; // the first byte no earlier entry holds
  for (const [i, { item, nameRaw }] of inOrder.entries()) {
    if (item.headerAt < free) throw tampered("中有相互重叠的文件");
    // where this entry must end: the next one's header, and never past the entries' end
    const nextAt = Math.min(inOrder[i + 1]?.item.headerAt ?? end, end);
    const overrun = () => tampered(nextAt === end ? "中有文件超出了压缩包的末尾" : "中有相互重叠的文件");
    if (item.headerAt + 30 + nameRaw.length + item.compressedSize > nextAt) throw overrun();
    const header = await readRange(span, item.headerAt, item.headerAt + 30);
    if (header.readUInt32LE(0) !== 0x04034b50) throw refusedZip("压缩包已损坏，无法读取");
    const nameLength = header.readUInt16LE(26);
    if (nameLength !== nameRaw.length) throw tampered("中有文件的名称前后不一致");
    const dataAt = item.headerAt + 30 + nameLength + header.readUInt16LE(28);
    const localName = await readRange(span, item.headerAt + 30, item.headerAt + 30 + nameLength);
    if (!localName.equals(nameRaw)) throw tampered("中有文件的名称前后不一致");
    if (dataAt + item.compressedSize > nextAt) throw overrun();
    item.dataAt = dataAt;
    free = dataAt + item.compressedSize;
  }
}

export type OpenedUpload = { source: ImportSource; close(): void };

/**
 * The stored upload as an ImportSource: one zip's entries, or else the uploaded files themselves.
 * A zip that breaks the limits, names an unsafe path, lies about its entries' places or cannot be
 * read is refused (400). All reading of it (this preview's or job's) shares one ReadBudget.
 */
export async function openUpload(
  db: Db,
  jobId: string,
  parts: StoredPart[],
  limits: ImportLimits,
): Promise<OpenedUpload> {
  const uploadSize = parts.reduce((n, p) => n + p.size, 0);
  const budget: ReadBudget = {
    left: limits.readFactor * uploadSize + BUDGET_FLOOR,
    factor: limits.readFactor,
  };
  const plainFile = (part: StoredPart, index: number): SourceFile => ({
    name: part.name,
    size: part.size,
    open: async () => {
      charge(budget, part.size);
      return rangeStream(spansOf(db, jobId, index, part.size, true), 0, part.size);
    },
  });
  if (parts.length !== 1 || !(await isZip(db, jobId, parts[0]!))) {
    return { source: { files: parts.map(plainFile) }, close: () => {} };
  }
  // the directory and the local headers are read once, in order; entries in any order, budgeted
  const directory = spansOf(db, jobId, 0, uploadSize, false);
  const entries = spansOf(db, jobId, 0, uploadSize, true);
  const reader = new StoredReader(directory, entries);
  const zip = await yauzl
    .fromRandomAccessReaderPromise(reader, uploadSize, { lazyEntries: true, autoClose: false })
    .catch(() => {
      throw refusedZip("压缩包已损坏，无法读取");
    });
  try {
    // where the central directory begins: yauzl's cursor before it reads the first entry. A private
    // field (yauzl is pinned to one version for it); were it ever gone, every zip is refused.
    const directoryAt = (zip as unknown as { readEntryCursor: unknown }).readEntryCursor;
    if (typeof directoryAt !== "number" || !Number.isSafeInteger(directoryAt)) {
      throw refusedZip("压缩包已损坏，无法读取");
    }
    const listed = await entriesOf(zip, limits);
    await checkLayout(directory, listed, directoryAt, uploadSize);
    const files = listed
      .filter(({ item }) => !item.name.endsWith("/"))
      .map(
        ({ item }): SourceFile => ({
          name: item.name,
          size: item.size,
          open: () => openEntry(zip, entries, item, budget),
        }),
      );
    return { source: { files }, close: () => zip.close() };
  } catch (err) {
    zip.close();
    throw err;
  }
}
