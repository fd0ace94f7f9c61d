import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { ZipWriter } from "../../src/export/zip-writer.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "shinian-zip-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(fill: (zip: ZipWriter) => void, modified = new Date("2026-11-22T11:30:08Z")) {
  const zip = new ZipWriter(modified, 480);
  const chunks: Uint8Array[] = [];
  const take = () => {
    const c = zip.take();
    if (c) chunks.push(c);
  };
  fill(zip);
  take();
  zip.finish();
  take();
  return Buffer.concat(chunks);
}

/** Info-ZIP, the reference reader: `unzip -t` checks every entry's CRC and sizes. */
function unzipTest(bytes: Buffer) {
  const file = path.join(dir, `t${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, bytes);
  return execFileSync("unzip", ["-tq", file], { encoding: "utf8" });
}
const hasUnzip = (() => {
  try {
    execFileSync("unzip", ["-v"]);
    return true;
  } catch {
    return false;
  }
})();

const long = "今天想到一个关于产品设计的好点子。".repeat(500);

/** Every file under `root`, as a relative path with `/`. */
function listTree(root: string, under = ""): string[] {
  return readdirSync(path.join(root, under), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listTree(root, `${under}${e.name}/`) : [`${under}${e.name}`],
  );
}

// names as the export makes them: a day, a label cut from the text, an id; one streamed file
const named: Record<string, string> = {
  "README.txt": "拾念 · 数据导出",
  "ideas/2026-11-24_标题_带冒号的想法_5f3a9c1e.md": "冒号",
  "ideas/2026-11-24_念念念😀之后_0b7d2e44.md": long,
  "notes/2026-11-25_读书笔记（第一章）_c1d2e3f4.md": "读书",
  "chats/2026-11-26_问问AI_a1b2c3d4.md": "你好！👋",
  "data.json": '{"format": "shinian-export/2"}',
};
const names = write((zip) => {
  for (const [name, text] of Object.entries(named)) {
    if (name !== "data.json") zip.addFile(name, Buffer.from(text), text.length > 100);
  }
  const data = zip.openFile("data.json");
  data.write(Buffer.from(named["data.json"]!));
  data.close();
});

describe("ZipWriter", () => {
  const bytes = write((zip) => {
    zip.addFile("README.txt", Buffer.from("拾念 · 数据导出"), false);
    zip.addFile("ideas/2026-11-22_长想法.md", Buffer.from(long), true);
    zip.addFile("empty.txt", new Uint8Array(0), true);
    const data = zip.openFile("data.json");
    data.write(Buffer.from('{"ideas": ['));
    for (let i = 0; i < 50; i++) data.write(Buffer.from(`${i ? "," : ""}${JSON.stringify({ i, long })}`));
    data.write(Buffer.from("]}"));
    data.close();
  });

  it("writes whole, compressed, empty and streamed files that read back exactly", () => {
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files)).toEqual([
      "README.txt",
      "ideas/2026-11-22_长想法.md",
      "empty.txt",
      "data.json",
    ]);
    expect(strFromU8(files["README.txt"]!)).toBe("拾念 · 数据导出");
    expect(strFromU8(files["ideas/2026-11-22_长想法.md"]!)).toBe(long);
    expect(files["empty.txt"]).toHaveLength(0);
    const data = JSON.parse(strFromU8(files["data.json"]!));
    expect(data.ideas).toHaveLength(50);
    expect(data.ideas[49]).toEqual({ i: 49, long });
    expect(bytes.length).toBeLessThan(Buffer.byteLength(long)); // the long texts were deflated
    // readers take the streamed file's sizes from the central directory; the descriptor after
    // its data (the last 16 bytes before the directory) must agree, for readers that stream
    const centralStart = bytes.readUInt32LE(bytes.length - 22 + 16);
    const descriptor = bytes.subarray(centralStart - 16, centralStart);
    expect(descriptor.readUInt32LE(0)).toBe(0x08074b50);
    expect(descriptor.readUInt32LE(4)).toBe(crc32(files["data.json"]!));
    expect(descriptor.readUInt32LE(12)).toBe(files["data.json"]!.length);
  });

  it.runIf(hasUnzip)("passes Info-ZIP's integrity test, with Beijing-time dates", () => {
    const report = unzipTest(bytes);
    expect(report).toContain("No errors detected");
    // (the names read back as UTF-8 above: fflate decodes them as UTF-8 only when flagged so)
    // 11:30 UTC is 19:30 in Beijing
    const file = path.join(dir, "dated.zip");
    writeFileSync(file, bytes);
    expect(execFileSync("unzip", ["-l", file], { encoding: "utf8" })).toMatch(
      /2026-11-22 19:30|11-22-2026 19:30/,
    );
  });

  it.runIf(hasUnzip)("extracts Chinese and emoji names intact with Info-ZIP, as files of mode 644", () => {
    const out = mkdtempSync(path.join(dir, "x"));
    const zip = path.join(dir, "names.zip");
    writeFileSync(zip, names);
    // a UTF-8 locale, as a person's terminal has: in the C locale unzip writes #Uxxxx escapes
    const env = { ...process.env, LANG: "C.UTF-8", LC_ALL: "C.UTF-8" };
    execFileSync("unzip", ["-q", zip, "-d", out], { env });
    expect(listTree(out).sort()).toEqual(Object.keys(named).sort());
    for (const [name, text] of Object.entries(named)) {
      const file = path.join(out, name);
      expect(readFileSync(file, "utf8")).toBe(text);
      expect(statSync(file).mode & 0o7777).toBe(0o644);
    }
  });

  it("names its entries as made on Unix for an independent reader (Python's zipfile), with Unicode Path fields", () => {
    const zip = path.join(dir, "names-py.zip");
    writeFileSync(zip, names);
    const script = `
import json, sys, zipfile, zlib
out = []
for i in zipfile.ZipFile(sys.argv[1]).infolist():
    extra, fields = i.extra, {}
    while extra:
        kind, size = int.from_bytes(extra[0:2], "little"), int.from_bytes(extra[2:4], "little")
        fields[kind] = extra[4:4 + size]
        extra = extra[4 + size:]
    up = fields.get(0x7075)
    out.append({
        "name": i.filename,
        "text": zipfile.ZipFile(sys.argv[1]).read(i).decode("utf-8"),
        "system": i.create_system,
        "mode": i.external_attr >> 16,
        "utf8": bool(i.flag_bits & 0x800),
        "unicodePath": None if up is None else {
            "version": up[0],
            "crcMatches": int.from_bytes(up[1:5], "little") == zlib.crc32(i.orig_filename.encode("utf-8")),
            "name": up[5:].decode("utf-8"),
        },
    })
print(json.dumps(out))`;
    const entries = JSON.parse(execFileSync("python3", ["-c", script, zip], { encoding: "utf8" }));
    expect(entries).toEqual(
      Object.entries(named).map(([name, text]) => ({
        name,
        text,
        system: 3,
        mode: 0o100644,
        utf8: true,
        // an ASCII name reads the same in every code page: it needs no second copy
        unicodePath: /^[\x20-\x7e]*$/.test(name) ? null : { version: 1, crcMatches: true, name },
      })),
    );
  });

  it("refuses a file while another is still open, a closed file's writes, and anything after the end", () => {
    const zip = new ZipWriter(new Date());
    const open = zip.openFile("a.json");
    expect(() => zip.addFile("b.txt", new Uint8Array(1), false)).toThrow(/still open/);
    open.close();
    expect(() => open.write(new Uint8Array(1))).toThrow(/closed/);
    expect(() => open.close()).toThrow(/closed/);
    zip.finish();
    expect(() => zip.openFile("c.json")).toThrow(/finished/);
    expect(() => zip.finish()).toThrow(/finished/);
  });

  it("writes the ZIP64 record from 65,535 entries on, where the end record says 0xFFFF", () => {
    const at = (n: number) => {
      const zip = write((z) => {
        for (let i = 0; i < n; i++) z.addFile(`${i}`, new Uint8Array(0), false);
      });
      return zip.readUInt32LE(zip.length - 22 - 20 - 56) === 0x06064b50;
    };
    expect(at(65_534)).toBe(false);
    expect(at(65_535)).toBe(true);
  });

  it("switches to ZIP64 end records past 65,535 entries, which unzippers count correctly", () => {
    const n = 70_000;
    const big = write((zip) => {
      for (let i = 0; i < n; i++) zip.addFile(`ideas/${i}.md`, Buffer.from(String(i)), false);
    });
    const end = big.subarray(big.length - 22);
    expect(end.readUInt32LE(0)).toBe(0x06054b50);
    expect(end.readUInt16LE(10)).toBe(0xffff); // "see the ZIP64 record"
    const record = big.subarray(big.length - 22 - 20 - 56);
    expect(record.readUInt32LE(0)).toBe(0x06064b50);
    expect(record.readBigUInt64LE(32)).toBe(BigInt(n));
    const files = unzipSync(new Uint8Array(big));
    expect(Object.keys(files)).toHaveLength(n);
    expect(strFromU8(files["ideas/69999.md"]!)).toBe("69999");
    if (hasUnzip) expect(unzipTest(big)).toContain("No errors detected");
  });
});
