import type { TimeFilter } from "@shinian/contract";
import { z } from "zod";
import { beijingChineseDay } from "../shared/beijing-time.ts";
import type { PromptMessage } from "../shared/openai/chat.ts";
import type { Source } from "./grounding.ts";

const LABELS = { idea: "想法", note: "笔记", insight: "洞察" } as const;
const label = (s: Source) => LABELS[s.type];

function sourceBlock(sources: Source[]): string {
  return sources
    .map((s, i) => `[${i + 1}] ${label(s)}《${s.title}》（${beijingChineseDay(s.createdAt)}）\n${s.text}`)
    .join("\n\n");
}

const identityLine = (identity: string | null) => (identity ? `用户的自我介绍：${identity}\n\n` : "");

/** Grounding names an item's files (image-mentions.ts); the model neither sees nor hears them. */
const FILES_IN_SOURCES_LINE =
  "- 资料中的「[图片：文件名]」是用户附带的图片，「[录音：文件名]」是用户附带的录音，你看不到也听不到它们的内容，不要猜测。\n";

export function chatPrompt(input: {
  identity: string | null;
  sources: Source[];
  recent: boolean;
  history: PromptMessage[];
  question: string;
  subject: Source | null;
  timeFilter?: TimeFilter | null;
}): PromptMessage[] {
  const about = input.subject
    ? `这次对话围绕用户的${label(input.subject)}《${input.subject.title}》（资料 [1]）展开。\n`
    : "";
  const range = input.timeFilter?.label;
  const material = input.sources.length
    ? `${range ? `用户问的是${range}的记录，下面只有这段时间里的记录。` : ""}${input.recent ? "没有找到与问题直接相关的记录，下面是用户最近的记录：" : "下面是与问题最相关的记录："}\n\n${sourceBlock(input.sources)}`
    : range
      ? `（用户问的是${range}的记录，这段时间里没有找到相关的想法或笔记。请直接告诉用户这段时间没有相关记录，不要引用或编造其他时间的内容。）`
      : "（用户还没有可以参考的想法或笔记。）";
  const system =
    "你是「拾念」的 AI 助手，帮助用户回顾、理解和发展他们自己记录的想法与笔记。\n" +
    identityLine(input.identity) +
    about +
    "回答规则：\n" +
    "- 用简体中文回答，简洁、具体，可以使用 Markdown。\n" +
    "- 优先依据下面「资料」中用户自己的记录作答；用到某条资料时，在句末标注它的编号，如 [1]、[2]。\n" +
    "- 资料里没有的内容可以用常识补充，但要说明那不是来自用户的记录；不要编造用户没有写过的内容。\n" +
    (/\[(?:图片|录音)：/.test(material) ? FILES_IN_SOURCES_LINE : "") +
    "\n" +
    `资料：\n${material}`;
  return [{ role: "system", content: system }, ...input.history, { role: "user", content: input.question }];
}

/**
 * The sources the answer cites as [n], each with its n (`ref`: an inline [n] links to it); when it
 * cites none, every source it was given.
 */
export function citedSources(answer: string, sources: Source[]): (Source & { ref: number })[] {
  const cited = new Set<number>();
  for (const m of answer.matchAll(/\[(\d{1,2})\]/g)) cited.add(Number(m[1]) - 1);
  const numbered = sources.map((s, i) => ({ ...s, ref: i + 1 }));
  const picked = numbered.filter((_, i) => cited.has(i));
  return picked.length ? picked : numbered;
}

/** Pictures reach the model only by name (image-mentions.ts): it must not make up what they show. */
const IMAGES_LINE = "文中的「[图片：文件名]」表示用户附带的图片，你看不到图片内容，不要猜测或描述它。\n";
/** AI_VISION: the pictures come with the text, and the tidied version may say what a photo shows. */
const VISION_LINE =
  "文中的「[图片：文件名]」表示用户附带的图片，图片按顺序附在后面。可以在整理后的正文里用一两句话写出照片中与想法相关的内容（如收据的金额、白板上的要点），看不清的不要猜。\n";
/** A voice note reaches the model by name too: it is a recording, not a picture, and it cannot be heard. */
const AUDIO_LINE = "文中的「[录音：文件名]」表示用户附带的一段录音，你听不到录音内容，不要猜测或描述它。\n";
/** The marks are ours, not the person's words: they must not come back in what is written (stripped anyway: withoutMentions). */
const noMarksLine = (output: string) => `${output}里不要写出「[图片：…]」「[录音：…]」这样的标记。\n`;

/** What the system prompt says of the files mentioned in `text`, and that `output` must not carry their marks. */
function filesLines(text: string, vision: boolean, output: string): string {
  const images = vision ? VISION_LINE : text.includes("[图片：") ? IMAGES_LINE : "";
  const audio = text.includes("[录音：") ? AUDIO_LINE : "";
  return images || audio ? images + audio + noMarksLine(output) : "";
}

/** The 批注 under an idea being tidied: context only, never rewritten nor merged into it. */
function annotationsLines(annotations: readonly string[]): string {
  if (!annotations.length) return "";
  return (
    "这条想法下有用户后来追加的批注（按时间先后，带日期），只用来帮你理解原意：" +
    "不要改写批注，也不要把批注的内容写进整理后的标题和正文。\n" +
    `${annotations.join("\n")}\n\n`
  );
}

export function tidyPrompt(
  identity: string | null,
  original: string,
  images: { name: string; dataUrl: string }[] = [],
  ownTags: readonly string[] = [],
  /** The idea's 批注, each dated (grounding.ts datedAnnotation). */
  annotations: readonly string[] = [],
): PromptMessage[] {
  return [
    {
      role: "system",
      content:
        "你是「拾念」的整理助手。用户随手记下了一个想法，请帮他整理，但不要改变原意，不要添加原文没有的事实。\n" +
        filesLines(original, images.length > 0, "整理后的标题和正文") +
        identityLine(identity) +
        annotationsLines(annotations) +
        (ownTags.length
          ? `用户已有的标签（常用的在前）：${ownTags.join("、")}\n标签请优先从中选用，写法保持一致；都不合适时才起新的。\n\n`
          : "") +
        "只输出一个 JSON 对象，不要输出其他文字，格式：\n" +
        '{"title": "不超过 20 字的标题", "content": "整理后的正文：修正错别字和标点、理顺语句、必要时分段", "tags": ["1 到 3 个简短标签"]}',
    },
    {
      role: "user",
      content: images.length
        ? [
            { type: "text", text: original },
            ...images.flatMap(({ name, dataUrl }) => [
              { type: "text" as const, text: `[图片：${name}]` },
              { type: "image_url" as const, image_url: { url: dataUrl } },
            ]),
          ]
        : original,
    },
  ];
}

export function composePrompt(identity: string | null, ideas: Source[]): PromptMessage[] {
  return [
    {
      role: "system",
      content:
        "你是「拾念」的写作助手。请把用户选出的几条想法整理成一篇结构清晰的 Markdown 笔记：" +
        "归纳共同主题、合并重复、保留每条想法的要点和用户自己的说法，不要添加想法里没有的事实。\n" +
        (ideas.some((i) => i.text.includes("\n\n批注（"))
          ? "想法后面的「批注（日期）」是用户后来对这条想法的补充，按日期写进笔记时可以说明想法后来的变化。\n"
          : "") +
        filesLines(ideas.map((i) => i.text).join("\n"), false, "笔记的标题和正文") +
        identityLine(identity) +
        "只输出一个 JSON 对象，不要输出其他文字，格式：\n" +
        '{"title": "不超过 30 字的笔记标题", "content": "Markdown 正文"}',
    },
    { role: "user", content: sourceBlock(ideas) },
  ];
}

const clip = (max: number) => z.string().transform((v) => v.trim().slice(0, max));

export const TidyOutputSchema = z.object({
  title: clip(50),
  content: clip(10_000).refine((v) => v.length > 0),
  tags: z
    .array(z.string())
    .default([])
    .transform((tags) =>
      [...new Set(tags.map((t) => t.trim().replace(/^#/, "").slice(0, 20)).filter(Boolean))].slice(0, 10),
    ),
});

export const ComposeOutputSchema = z.object({
  title: clip(100).refine((v) => v.length > 0),
  content: clip(200_000).refine((v) => v.length > 0),
});

/** Models wrap JSON in prose or ``` fences now and then: take the outermost object. */
export function parseModelJson<T extends z.ZodType>(schema: T, text: string): z.output<T> | null {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text.slice(start, end + 1)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
