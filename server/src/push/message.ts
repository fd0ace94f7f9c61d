/**
 * What is pushed, before any vendor's shape: a title, a line or two, entries with links into the app.
 * `ref`: the item a review entry is, so that a reply in a chat can name it by its number.
 */
export type PushEntry = { text: string; url: string; ref?: { type: "idea" | "note"; id: string } };
export type PushMessage = {
  /** `push.review`, `push.digest`, `push.test`: a plain webhook's `type`. */
  type: "push.review" | "push.digest" | "push.test";
  /** A review's day (YYYY-MM-DD, Beijing). */
  day?: string;
  title: string;
  intro: string | null;
  blocks: { heading: string | null; entries: PushEntry[] }[];
  /** Where 打开拾念 leads. */
  url: string;
};

/** Characters that mean something in the robots' Markdown, written as their full-width twins. */
const MARKDOWN = /[[\]*_`#<>|~]/g;
const FULL_WIDTH: Record<string, string> = {
  "[": "［",
  "]": "］",
  "*": "＊",
  _: "＿",
  "`": "｀",
  "#": "＃",
  "<": "＜",
  ">": "＞",
  "|": "｜",
  "~": "～",
};
const plain = (text: string) => text.replace(MARKDOWN, (c) => FULL_WIDTH[c] ?? c);

/** Markdown as WeCom's `markdown`, DingTalk's `markdown` and Server酱's `desp` read it, within `maxBytes`. */
export function toMarkdown(m: PushMessage, maxBytes: number): string {
  const head = [`### ${plain(m.title)}`, ...(m.intro ? [plain(m.intro)] : [])];
  const tail = [`[打开拾念](${m.url})`];
  const lines = [...head];
  const fits = (more: string[]) => Buffer.byteLength([...lines, ...more, ...tail].join("\n\n")) <= maxBytes;
  outer: for (const block of m.blocks) {
    if (block.heading) {
      if (!fits([`**${plain(block.heading)}**`])) break;
      lines.push(`**${plain(block.heading)}**`);
    }
    for (const e of block.entries) {
      const line = `- ${plain(e.text)} [查看](${e.url})`;
      if (!fits([line])) break outer;
      lines.push(line);
    }
  }
  return [...lines, ...tail].join("\n\n");
}

/** Plain lines, for Bark's notification body. */
export function toPlain(m: PushMessage, maxChars: number): string {
  const lines = [
    ...(m.intro ? [m.intro] : []),
    ...m.blocks.flatMap((b) => [
      ...(b.heading ? [`【${b.heading}】`] : []),
      ...b.entries.map((e) => `· ${e.text}`),
    ]),
  ];
  const text = lines.join("\n");
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}

/** An entry's or a title's words past this many characters are cut (a very long idea title). */
const FEISHU_TEXT_CHARS = 200;
const clipChars = (t: string, n: number) => (t.length > n ? `${t.slice(0, n - 1)}…` : t);

/**
 * Feishu's `post` (rich text): one paragraph a line, links as `a` tags; entries are added while
 * the post's JSON stays within `maxBytes` (Feishu refuses a body over 20 KB), long texts clipped.
 */
export function toFeishuPost(m: PushMessage, maxBytes: number) {
  type Part = { tag: "text"; text: string } | { tag: "a"; text: string; href: string };
  const text = (t: string): Part => ({ tag: "text", text: clipChars(t, FEISHU_TEXT_CHARS) });
  const link = (t: string, href: string): Part => ({ tag: "a", text: t, href });
  const title = clipChars(m.title, FEISHU_TEXT_CHARS);
  const content: Part[][] = m.intro ? [[text(m.intro)]] : [];
  const tail = [link("打开拾念", m.url)];
  const shape = (more: Part[][]) => ({ post: { zh_cn: { title, content: [...content, ...more, tail] } } });
  const fits = (more: Part[][]) => Buffer.byteLength(JSON.stringify(shape(more))) <= maxBytes;
  outer: for (const b of m.blocks) {
    if (b.heading) {
      const heading = [text(`【${b.heading}】`)];
      if (!fits([heading])) break;
      content.push(heading);
    }
    for (const e of b.entries) {
      const line = [text(`· ${e.text} `), link("查看", e.url)];
      if (!fits([line])) break outer;
      content.push(line);
    }
  }
  return shape([]);
}

/**
 * The first line of the review as a chat message (the 回顾 reply and the Telegram push): a reply to
 * a message starting with it is a reply to that day's review (messaging/inbox.ts).
 */
export const chatReviewHeading = (day: string) => `今日回顾（${day}）`;

const escapeHtml = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const anchor = (text: string, url: string) =>
  `<a href="${escapeHtml(url).replace(/"/g, "&quot;")}">${text}</a>`;

/**
 * Telegram's `HTML` text (https://core.telegram.org/bots/api#html-style) within `maxChars`. A review
 * opens with chatReviewHeading and numbers its own entries (not 那年今日's), so that a reply to it
 * (`2 又想到…`) is a 批注 on the second; `numbered` are the entries that fitted.
 */
export function toTelegramHtml(m: PushMessage, maxChars: number): { html: string; numbered: PushEntry[] } {
  const review = m.type === "push.review" && m.day !== undefined;
  const head = [`<b>${escapeHtml(review ? chatReviewHeading(m.day!) : m.title)}</b>`];
  if (m.intro) head.push(escapeHtml(m.intro));
  const all = m.blocks.reduce((n, b) => n + b.entries.length, 0);
  const tailOf = (shown: number, numbers: number) => [
    ...(shown < all ? [`还有 ${all - shown} 条，请在网页查看。`] : []),
    ...(numbers ? ["", "回复这条消息「序号 + 空格 + 文字」，给那一条追加批注。"] : []),
    anchor("打开拾念", m.url),
  ];
  const lines: string[] = [];
  const numbered: PushEntry[] = [];
  let shown = 0;
  // room is kept for the longest tail: any entries left out, and the reply hint
  const fits = (line: string) => [...head, ...lines, line, ...tailOf(0, 1)].join("\n").length <= maxChars;
  outer: for (const [i, block] of m.blocks.entries()) {
    const counted = review && i === 0 && block.heading === null;
    if (block.heading) {
      const heading = `\n<b>${escapeHtml(block.heading)}</b>`;
      if (!fits(heading)) break;
      lines.push(heading);
    }
    for (const e of block.entries) {
      const mark = counted ? `${numbered.length + 1}.` : "·";
      const line = `${mark} ${escapeHtml(e.text)} ${anchor("查看", e.url)}`;
      if (!fits(line)) break outer;
      lines.push(line);
      shown++;
      if (counted) numbered.push(e);
    }
  }
  return { html: [...head, ...lines, ...tailOf(shown, numbered.length)].join("\n"), numbered };
}
