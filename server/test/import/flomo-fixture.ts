/**
 * flomo exports, made the way flomo's 导出所有数据 (HTML) makes them: a zip holding one page,
 * `flomo@<name>-<date>/index.html`, whose memos are `div.memo` (newest first) with `div.time`,
 * `div.content` and `div.files`, and the images in `file/`. Deterministic: the same arguments give
 * the same bytes (for the import tests, the benchmark and the end-to-end test).
 */
import { strToU8, type Zippable, zipSync } from "fflate";

export type FlomoMemo = {
  /** `YYYY-MM-DD HH:mm:ss`, Beijing time */
  time: string;
  /** the inner HTML of div.content */
  content: string;
  /** paths of images, relative to the page (`file/2024-01-02/1/a.png`) */
  images?: string[];
};

const FOLDER = "flomo@小明-20240301";
/** Every entry's time: fixed, so that the bytes are too. */
const MTIME = new Date("2024-03-01T10:00:00Z");
/** A 1×1 PNG. */
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);

/** flomo's page around the memos: styles, the header and the tag list come first. */
export function flomoPage(memos: FlomoMemo[]): string {
  const body = memos
    .map(
      (memo) => `    <div class="memo">
      <div class="time">${memo.time}</div>
      <div class="content">${memo.content}</div>
      <div class="files">${(memo.images ?? []).map((src) => `<img src="${src}" />`).join("")}</div>
    </div>`,
    )
    .join("\n");
  return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <title>flomo</title>
  <style>
    body { margin: 0; font-family: -apple-system, "PingFang SC", sans-serif; background: #f6f6f6; }
    .memos { max-width: 640px; margin: 0 auto; }
    .memo { background: #fff; border-radius: 8px; padding: 16px; margin: 12px 0; }
    .memo .time { color: #8f9193; font-size: 12px; }
    .memo .content p { margin: 0; line-height: 1.8; }
    .memo .files img { max-width: 100px; margin-right: 8px; border-radius: 4px; }
  </style>
</head>
<body>
  <div class="top">
    <div class="logo"><img src="https://flomoapp.com/images/logo.png" alt="flomo"></div>
    <div class="name">小明</div>
    <div class="meta">于 2024-03-01 导出 ${memos.length} 条 MEMO</div>
  </div>
  <select id="tag"><option value="all">全部</option><option value="读书">读书</option></select>
  <div class="memos">
${body}
  </div>
</body>
</html>
`;
}

/** The memos of a generated export: varied markup, tags, and now and then an image. */
export function flomoMemos(count: number, images = false): FlomoMemo[] {
  const start = Date.UTC(2024, 1, 29, 12, 0, 0);
  return Array.from({ length: count }, (_, i) => {
    // newest first, 7 minutes apart, written as Beijing time
    const time = new Date(start - i * 7 * 60_000 + 8 * 3_600_000)
      .toISOString()
      .slice(0, 19)
      .replace("T", " ");
    const day = time.slice(0, 10);
    const content = [
      `<p>第 ${i + 1} 条想法：今天读到一句话 #读书/摘抄</p>`,
      i % 3 === 0 ? "<p><strong>重点</strong>：复利需要时间 &amp; 耐心</p>" : "",
      i % 5 === 0 ? "<ul><li><p>记下来</p></li><li><p>想一想</p></li></ul>" : "",
      i % 7 === 0 ? '<p>参考 <a href="https://example.com/a?b=1">一篇文章</a></p>' : "",
    ].join("");
    return {
      time,
      content,
      images: images && i % 4 === 0 ? [`file/${day}/${i % 9}/img-${i}.png`] : [],
    };
  });
}

/** The bytes of a flomo export zip of `memos` generated memos (with images on every fourth one), or of `list`. */
export function flomoZip({
  memos,
  images = false,
  list = flomoMemos(memos ?? 0, images),
}: {
  memos?: number;
  images?: boolean;
  /** the memos themselves, in place of generated ones */
  list?: FlomoMemo[];
}): Uint8Array {
  const files: Zippable = { [`${FOLDER}/index.html`]: [strToU8(flomoPage(list)), { mtime: MTIME }] };
  for (const memo of list) {
    for (const src of memo.images ?? []) files[`${FOLDER}/${src}`] = [PNG, { mtime: MTIME, level: 0 }];
  }
  return zipSync(files, { mtime: MTIME });
}
