import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A streaming zip writer (PKWARE APPNOTE 6.3) that keeps only the central directory, packed as bytes
 * (~50 bytes plus the name per entry): the libraries measured kept 0.5–5.5 kB per entry, which broke
 * the export's memory budget (docs/benchmarks-history.md, "Session 4 figures"). Entries under 4 GB each;
 * ZIP64 end records past 4 GB or 65,535 entries. Entries are made on Unix with a mode, names UTF-8 and
 * repeated in Info-ZIP's Unicode Path field (why: server/docs/internals.md, "Data export").
 */
export class ZipWriter {
  private pending: Uint8Array[] = [];
  private offset = 0; // bytes written so far; exact as a number up to 2^53
  private readonly central = new ByteBlocks();
  private entries = 0;
  private readonly time: number;
  private readonly date: number;
  private state: "ready" | "writing a file" | "finished" = "ready";

  /** `modified` is written as the wall-clock time at `utcOffsetMinutes` (zip times have no zone). */
  constructor(modified: Date, utcOffsetMinutes = 0) {
    const t = new Date(modified.getTime() + utcOffsetMinutes * 60_000);
    this.time = (t.getUTCHours() << 11) | (t.getUTCMinutes() << 5) | (t.getUTCSeconds() >> 1);
    this.date = ((t.getUTCFullYear() - 1980) << 9) | ((t.getUTCMonth() + 1) << 5) | t.getUTCDate();
  }

  /** A whole file; deflated (level 1) when asked and when that makes it smaller. */
  addFile(name: string, data: Uint8Array, compress: boolean): void {
    this.assertReady();
    const crc = crc32(data);
    const deflated = compress ? deflateRawSync(data, { level: 1 }) : null;
    const body = deflated && deflated.length < data.length ? deflated : data;
    const method = body === data ? STORE : DEFLATE;
    const entry = { name: utf8(name), method, flags: UTF8, crc, size: data.length, stored: body.length };
    assertUnder4GB(entry.size, entry.stored);
    const at = this.offset;
    this.write(localHeader(entry, this.time, this.date));
    this.write(body);
    this.addCentral(entry, at);
  }

  /**
   * A deflated file written in pieces, for files too large to hold at once. Pieces are gathered
   * to 64 kB, each deflated on its own and ended on a sync flush, so they join into one valid
   * stream; the sizes and checksum follow the data (a data descriptor).
   */
  openFile(name: string): { write: (data: Uint8Array) => void; close: () => void } {
    this.assertReady();
    const entry = { name: utf8(name), method: DEFLATE, flags: UTF8 | DESCRIPTOR, crc: 0, size: 0, stored: 0 };
    this.state = "writing a file";
    const at = this.offset;
    this.write(localHeader(entry, this.time, this.date));
    let gathered: Uint8Array[] = [];
    let gatheredBytes = 0;
    let closed = false;
    const deflateGathered = (finishFlush: number) => {
      const out = deflateRawSync(Buffer.concat(gathered), { level: 1, finishFlush });
      gathered = [];
      gatheredBytes = 0;
      entry.stored += out.length;
      this.write(out);
    };
    const assertOpen = () => {
      if (closed) throw new Error("zip: this file is closed");
    };
    return {
      write: (data) => {
        assertOpen();
        entry.crc = crc32(data, entry.crc);
        entry.size += data.length;
        gathered.push(data);
        gatheredBytes += data.length;
        if (gatheredBytes >= GATHER) deflateGathered(constants.Z_SYNC_FLUSH);
      },
      close: () => {
        assertOpen();
        closed = true;
        deflateGathered(constants.Z_FINISH);
        assertUnder4GB(entry.size, entry.stored);
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.crc, 4);
        descriptor.writeUInt32LE(entry.stored, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        this.write(descriptor);
        this.addCentral(entry, at);
        this.state = "ready";
      },
    };
  }

  /** Writes the central directory and the end records; nothing may be added after. */
  finish(): void {
    this.assertReady();
    const start = this.offset;
    for (const block of this.central.blocks()) this.write(block);
    const size = this.offset - start;
    const zip64 = this.entries >= 0xffff || start >= MAX32 || size >= MAX32;
    if (zip64) {
      const record = Buffer.alloc(56 + 20);
      record.writeUInt32LE(0x06064b50, 0);
      record.writeBigUInt64LE(44n, 4); // size of the rest of this record
      record.writeUInt16LE(ZIP64_VERSION, 12);
      record.writeUInt16LE(ZIP64_VERSION, 14);
      record.writeBigUInt64LE(BigInt(this.entries), 24);
      record.writeBigUInt64LE(BigInt(this.entries), 32);
      record.writeBigUInt64LE(BigInt(size), 40);
      record.writeBigUInt64LE(BigInt(start), 48);
      record.writeUInt32LE(0x07064b50, 56); // locator
      record.writeBigUInt64LE(BigInt(start + size), 64);
      record.writeUInt32LE(1, 72); // disks in all
      this.write(record);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Math.min(this.entries, 0xffff), 8);
    end.writeUInt16LE(Math.min(this.entries, 0xffff), 10);
    end.writeUInt32LE(Math.min(size, MAX32), 12);
    end.writeUInt32LE(Math.min(start, MAX32), 16);
    this.write(end);
    this.state = "finished";
  }

  /** Everything written since the last call, as one chunk (undefined when nothing was). */
  take(): Uint8Array | undefined {
    if (!this.pending.length) return undefined;
    const chunk = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = [];
    return chunk;
  }

  private write(bytes: Uint8Array) {
    this.pending.push(bytes);
    this.offset += bytes.length;
  }

  private addCentral(e: Entry, at: number) {
    const far = at >= MAX32;
    const unicode = unicodePath(e.name);
    const extra = (far ? 12 : 0) + unicode.length;
    const record = Buffer.alloc(46 + e.name.length + extra);
    const version = far ? ZIP64_VERSION : VERSION;
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(MADE_ON_UNIX | version, 4); // made by
    record.writeUInt16LE(version, 6); // needed to extract
    writeCommon(record, 8, e, this.time, this.date);
    record.writeUInt16LE(e.name.length, 28);
    record.writeUInt16LE(extra, 30);
    record.writeUInt32LE(FILE_MODE, 38); // external attributes: the Unix mode in the high half
    record.writeUInt32LE(far ? MAX32 : at, 42);
    e.name.copy(record, 46);
    let x = 46 + e.name.length;
    if (far) {
      record.writeUInt16LE(0x0001, x); // ZIP64 extra field: the local header's offset
      record.writeUInt16LE(8, x + 2);
      record.writeBigUInt64LE(BigInt(at), x + 4);
      x += 12;
    }
    unicode.copy(record, x);
    this.central.append(record);
    this.entries++;
  }

  private assertReady() {
    if (this.state === "writing a file") throw new Error("zip: the previous file is still open");
    if (this.state === "finished") throw new Error("zip: the archive is finished");
  }
}

type Entry = { name: Buffer; method: number; flags: number; crc: number; size: number; stored: number };

const STORE = 0;
const DEFLATE = 8;
const UTF8 = 0x0800; // names are UTF-8 (general purpose bit 11)
const DESCRIPTOR = 0x0008; // sizes and checksum follow the data (bit 3)
const VERSION = 20;
const ZIP64_VERSION = 45;
const MADE_ON_UNIX = 3 << 8; // the high byte of "version made by": the host system
const FILE_MODE = (0o100644 << 16) >>> 0; // a regular file, rw-r--r--
const MAX32 = 0xffffffff;

/**
 * Info-ZIP's Unicode Path extra field (0x7075): version 1, the CRC-32 of the header's name, the
 * name in UTF-8. Readers older than the UTF-8 flag take the name from it; an ASCII name needs none.
 */
function unicodePath(name: Buffer): Buffer {
  if (name.every((b) => b < 0x80)) return EMPTY;
  const field = Buffer.alloc(9 + name.length);
  field.writeUInt16LE(0x7075, 0);
  field.writeUInt16LE(5 + name.length, 2);
  field.writeUInt8(1, 4);
  field.writeUInt32LE(crc32(name), 5);
  name.copy(field, 9);
  return field;
}
const EMPTY = Buffer.alloc(0);

const utf8 = (name: string) => {
  const bytes = Buffer.from(name, "utf8");
  // the name must fit twice in its record's 64 kB of extra fields: as itself and in Unicode Path
  if (bytes.length > 0xffff - 21) throw new Error("zip: file name too long");
  return bytes;
};

function assertUnder4GB(...sizes: number[]) {
  if (sizes.some((n) => n >= MAX32)) throw new Error("zip: a single file of 4 GB or more is not supported");
}

/** Flags through the sizes: the same 22 bytes in the local header and the central record. */
function writeCommon(b: Buffer, at: number, e: Entry, time: number, date: number) {
  b.writeUInt16LE(e.flags, at);
  b.writeUInt16LE(e.method, at + 2);
  b.writeUInt16LE(time, at + 4);
  b.writeUInt16LE(date, at + 6);
  b.writeUInt32LE(e.crc, at + 8);
  b.writeUInt32LE(e.stored, at + 12);
  b.writeUInt32LE(e.size, at + 16);
}

function localHeader(e: Entry, time: number, date: number): Buffer {
  const unicode = unicodePath(e.name);
  const header = Buffer.alloc(30 + e.name.length + unicode.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  writeCommon(header, 6, e, time, date); // zero sizes and checksum when a descriptor follows
  header.writeUInt16LE(e.name.length, 26);
  header.writeUInt16LE(unicode.length, 28);
  e.name.copy(header, 30);
  unicode.copy(header, 30 + e.name.length);
  return header;
}

/** Bytes appended into 64 kB blocks: one allocation per block, not one object per record. */
class ByteBlocks {
  private full: Buffer[] = [];
  private current = Buffer.allocUnsafe(BLOCK);
  private used = 0;

  append(bytes: Uint8Array) {
    if (this.used + bytes.length > this.current.length) {
      this.full.push(this.current.subarray(0, this.used));
      this.current = Buffer.allocUnsafe(Math.max(BLOCK, bytes.length));
      this.used = 0;
    }
    this.current.set(bytes, this.used);
    this.used += bytes.length;
  }

  blocks(): Buffer[] {
    return [...this.full, this.current.subarray(0, this.used)];
  }
}

const BLOCK = 64 * 1024;
const GATHER = 64 * 1024;
