/** What is pushed, before any vendor's shape: a title, a line or two, entries with links into the app. */
export type PushEntry = { text: string; url: string };
export type PushMessage = {
  /** `push.review`, `push.digest`, `push.test`: a plain webhook's `type`. */
  type: "push.review" | "push.digest" | "push.test";
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

/** Feishu's `post` (rich text): one paragraph a line, links as `a` tags. */
export function toFeishuPost(m: PushMessage) {
  const text = (t: string) => ({ tag: "text", text: t });
  const link = (t: string, href: string) => ({ tag: "a", text: t, href });
  const content = [
    ...(m.intro ? [[text(m.intro)]] : []),
    ...m.blocks.flatMap((b) => [
      ...(b.heading ? [[text(`【${b.heading}】`)]] : []),
      ...b.entries.map((e) => [text(`· ${e.text} `), link("查看", e.url)]),
    ]),
    [link("打开拾念", m.url)],
  ];
  return { post: { zh_cn: { title: m.title, content } } };
}
