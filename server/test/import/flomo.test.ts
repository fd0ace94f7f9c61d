import { Readable } from "node:stream";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { flomoImporter } from "../../src/import/flomo.ts";
import type { ImportRecord, ImportSource, SourceFile } from "../../src/import/records.ts";
import { type FlomoMemo, flomoPage, flomoZip } from "./flomo-fixture.ts";

/** A file whose bytes arrive in chunks of `chunk` bytes (cutting UTF-8 characters and tags apart). */
function file(name: string, bytes: Uint8Array | string, chunk = 64 * 1024): SourceFile {
  const data = typeof bytes === "string" ? Buffer.from(bytes) : Buffer.from(bytes);
  return {
    name,
    size: data.byteLength,
    async open() {
      const chunks: Buffer[] = [];
      for (let i = 0; i < data.byteLength; i += chunk) chunks.push(data.subarray(i, i + chunk));
      return Readable.from(chunks);
    },
  };
}

function zipSource(zip: Uint8Array): ImportSource {
  return { files: Object.entries(unzipSync(zip)).map(([name, bytes]) => file(name, bytes)) };
}

async function read(source: ImportSource): Promise<ImportRecord[]> {
  const records: ImportRecord[] = [];
  for await (const record of flomoImporter.read(source)) records.push(record);
  return records;
}

const page = (memos: FlomoMemo[]) => ({ files: [file("flomo@小明-20240301/index.html", flomoPage(memos))] });
/** The line of the n-th `<div class="memo">` in a page, counted from the text itself. */
const memoLine = (html: string, n: number) => {
  let at = -1;
  for (let i = 0; i <= n; i++) at = html.indexOf('<div class="memo">', at + 1);
  return html.slice(0, at).split("\n").length;
};
const idea = (time: string, content: string, tags: string[]) => ({
  type: "idea",
  key: expect.stringMatching(/^flomo:/),
  originalContent: content,
  content,
  title: "",
  tags,
  pinned: false,
  aiExcluded: false,
  createdAt: new Date(time),
  updatedAt: new Date(time),
  appliedVersionKey: null,
});

describe("flomo import", () => {
  it("turns each memo into an idea: Markdown, tags, and its time read as Beijing time", async () => {
    const records = await read(
      page([
        {
          time: "2024-01-02 08:30:00",
          content:
            "<p>#读书/小说 今天读完了<strong>《三体》</strong>，<em>很</em>震撼</p><p></p><p>第二段 &amp; 结尾 #感想</p>",
        },
        {
          time: "2024-01-01 23:59:59",
          content:
            '<p>待办：</p><ol><li><p>买书</p></li><li><p>读书 <a href="https://example.com/book">书单</a></p>' +
            "<ul><li><p>小说</p></li><li><p>散文</p></li></ul></li></ol><p>完</p>",
        },
        {
          time: "2023-12-31 00:00:00",
          content:
            '<p>第一行<br>第二行</p><p><a href="https://flomoapp.com">https://flomoapp.com</a></p><p>  多个 \n  空格  </p>',
        },
        {
          time: "2023-12-30 12:00:00",
          content: "<p>学习 C# 和 abc#def， #这个标签太长了超过了二十个字所以不算标签了 #好 #好</p>",
        },
        {
          time: "2023-12-29 07:00:00",
          content: "<p>新买的鞋，跑起来像小火车。#跑步</p><p>（#装备）<code>#代码</code></p>",
        },
      ]),
    );
    expect(records).toEqual([
      idea("2024-01-02T00:30:00Z", "#读书/小说 今天读完了**《三体》**，*很*震撼\n\n第二段 & 结尾 #感想", [
        "读书/小说",
        "感想",
      ]),
      idea(
        "2024-01-01T15:59:59Z",
        "待办：\n\n1. 买书\n2. 读书 [书单](https://example.com/book)\n   - 小说\n   - 散文\n\n完",
        [],
      ),
      idea("2023-12-30T16:00:00Z", "第一行\n第二行\nhttps://flomoapp.com\n多个 空格", []),
      idea(
        "2023-12-30T04:00:00Z",
        "学习 C# 和 abc#def， #这个标签太长了超过了二十个字所以不算标签了 #好 #好",
        ["好"],
      ),
      // typed without a space after Chinese punctuation, as flomo users do: tags all the same
      idea("2023-12-28T23:00:00Z", "新买的鞋，跑起来像小火车。#跑步\n（#装备）`#代码`", ["跑步", "装备"]),
    ]);
  });

  it("reads a memo's images as its idea's (up to 9), each with its file from the zip, and refuses those of a memo not imported", async () => {
    const ten = Array.from({ length: 10 }, (_, n) => `file/2024-01-03/1/${n}.png`);
    const memos = [
      {
        time: "2024-01-03 09:00:00",
        content: "<p>配图 #旅行</p>",
        images: ["file/2024-01-03/1/a%20b.png", "file/none.png"],
      },
      { time: "2024-01-03 08:30:00", content: "<p>十张</p>", images: ten },
      { time: "2024-01-03 08:00:00", content: "", images: ["file/2024-01-03/1/c.png"] },
    ];
    const html = flomoPage(memos);
    const folder = "flomo@小明-20240301";
    const images = ["file/2024-01-03/1/a b.png", ...ten].map((name) => file(`${folder}/${name}`, name));
    const records = await read({ files: [file(`${folder}/index.html`, html), ...images] });
    const image = (itemKey: string, position: number, name: string, entry: string | null) => ({
      type: "attachment",
      kind: "image",
      key: `${itemKey}:image:${position}`,
      itemKey,
      position,
      name,
      createdAt: expect.any(Date),
      file: entry === null ? null : expect.objectContaining({ name: `${folder}/${entry}` }),
    });
    const [first, , , second] = records as { key: string }[];
    expect(records).toEqual([
      idea("2024-01-03T01:00:00Z", "配图 #旅行", ["旅行"]),
      image(first!.key, 1, "a%20b.png", "file/2024-01-03/1/a b.png"),
      image(first!.key, 2, "none.png", null),
      idea("2024-01-03T00:30:00Z", "十张", []),
      ...ten.slice(0, 9).map((src, n) => image(second!.key, n + 1, `${n}.png`, src)),
      { type: "refused", item: `「${ten[9]}」`, message: "每条想法最多 9 张图片，已跳过" },
      {
        type: "refused",
        item: `「${folder}/index.html」第 ${memoLine(html, 2)} 行`,
        message: "这条 memo 只有图片，没有文字，未导入",
      },
      { type: "refused", item: "「file/2024-01-03/1/c.png」", message: "所在的 memo 未导入，已跳过" },
    ]);
  });

  it("refuses broken memos by file and line, and imports the rest", async () => {
    const memo = (time: string | null, text: string, close = "</div>") =>
      `<div class="memo">${time === null ? "" : `<div class="time">${time}</div>`}<div class="content"><p>${text}</p></div>${close}`;
    const lines = [
      '<html><body><div class="memos">',
      memo("2024-01-01 10:00:00", "好的"),
      memo("昨天", "时间不对"),
      memo(null, "没有时间"),
      memo("2024-02-30 10:00:00", "没有这一天"),
      memo("2024-01-01 11:00:00", "没有闭合", ""),
      memo("2024-01-01 12:00:00", "之后的照常"),
      memo("2024-01-01 14:00:00", "长".repeat(10_001)),
      memo("2024-01-01 15:00:00", `<strong>${"很长".repeat(60_000)}</strong>`),
      "</div>",
      memo("2024-01-01 13:00:00", "被截断", ""),
    ];
    const at = (line: number) => `「flomo.html」第 ${line} 行`;
    const noTime = "这条 memo 没有可识别的时间（应为 YYYY-MM-DD HH:mm:ss），未导入";
    const unclosed = "这条 memo 的标签没有正确闭合，未导入";
    const expected = [
      idea("2024-01-01T02:00:00Z", "好的", []),
      { type: "refused", item: at(3), message: noTime },
      { type: "refused", item: at(4), message: noTime },
      { type: "refused", item: at(5), message: noTime },
      { type: "refused", item: at(6), message: unclosed },
      idea("2024-01-01T04:00:00Z", "之后的照常", []),
      { type: "refused", item: at(8), message: "想法最多 10000 个字符，未导入" },
      { type: "refused", item: at(9), message: "这条 memo 太长，未导入" },
      { type: "refused", item: at(11), message: unclosed },
    ];
    expect(await read({ files: [file("flomo.html", lines.join("\n"))] })).toEqual(expected);
    // the same, read 7 bytes at a time: tags, characters and lines cut across chunks
    expect(await read({ files: [file("flomo.html", lines.join("\n"), 7)] })).toEqual(expected);
  });

  it("detects an export by its page's memos, whatever the names", async () => {
    const zip = zipSource(flomoZip({ memos: 3, images: true }));
    expect(await flomoImporter.detect(zip)).toBe(true);
    const html = flomoPage([{ time: "2024-01-01 10:00:00", content: "<p>x</p>" }]);
    expect(await flomoImporter.detect({ files: [file("export.bin", html)] })).toBe(true);
    expect(await flomoImporter.detect({ files: [file("export.bin", `\n\n${html}`, 1)] })).toBe(true);

    const noMemos =
      '<!DOCTYPE html><html><body><div class="memos"><div class="note">x</div></div></body></html>';
    expect(await flomoImporter.detect({ files: [file("index.html", noMemos)] })).toBe(false);
    expect(await flomoImporter.detect({ files: [file("memo.html", '# 标题\n\n<div class="memo">')] })).toBe(
      false,
    );
    const png = unzipSync(flomoZip({ memos: 1, images: true }));
    const image = Object.entries(png).find(([name]) => name.endsWith(".png"))!;
    expect(await flomoImporter.detect({ files: [file("index.html", image[1])] })).toBe(false);
    expect(await flomoImporter.detect({ files: [] })).toBe(false);
  });

  it("reads a generated export the same way twice, with a key per memo", async () => {
    const bytes = flomoZip({ memos: 300, images: true });
    expect(Buffer.from(flomoZip({ memos: 300, images: true })).equals(Buffer.from(bytes))).toBe(true);
    // an image's file is an object of its reading: compared by its entry's name
    const named = (records: ImportRecord[]) =>
      records.map((r) => (r.type === "attachment" ? { ...r, file: r.file?.name } : r));
    const first = await read(zipSource(bytes));
    const second = await read(zipSource(bytes));
    expect(named(second)).toEqual(named(first));
    const ideas = first.filter((r) => r.type === "idea");
    expect(ideas).toHaveLength(300);
    expect(new Set(ideas.map((i) => i.key)).size).toBe(300);
    expect(first.filter((r) => r.type === "attachment" && r.file)).toHaveLength(75);
    expect(ideas[0]).toMatchObject({ createdAt: new Date("2024-02-29T12:00:00Z"), tags: ["读书/摘抄"] });
  });

  it("keys memos identical in time and words apart by their order, and an edited memo anew", async () => {
    const same = { time: "2024-01-01 10:00:00", content: "<p>重复保存了</p>" };
    const keys = async (memos: FlomoMemo[]) =>
      (await read(page(memos))).flatMap((r) => (r.type === "idea" ? [r.key] : []));
    const [a, b, c] = await keys([same, same, { ...same, content: "<p>改过的</p>" }]);
    expect(b).toBe(`${a}:1`);
    expect(c).not.toBe(a);
    expect(c!.startsWith("flomo:2024-01-01T02:00:00.000Z:")).toBe(true);
    expect((await keys([same]))[0]).toBe(a);
  });
});
