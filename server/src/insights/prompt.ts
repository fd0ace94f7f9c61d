import { INSIGHT_LENS_LABELS, type InsightLens } from "@shinian/contract";
import type { Source } from "../ai/grounding.ts";
import { beijingChineseDay } from "../shared/beijing-time.ts";
import type { PromptMessage } from "../shared/openai/chat.ts";

const LENS_TASKS: Record<Exclude<InsightLens, "custom">, string> = {
  summary: "归纳这些记录反复出现的主题、主要观点和它们随时间的变化，指出最值得用户留意的几点。",
  inversion:
    "反过来想：找出这些记录背后的假设和期待，设想它们不成立、或者事情朝反方向发展时会怎样，指出用户可能忽视的风险和盲点。",
  second_order:
    "做二阶思考：对记录里的打算和判断，不只看直接结果，还要推想结果的结果、长期的影响和对他人的连锁反应。",
  values:
    "做价值澄清：从这些记录中辨认用户真正看重的是什么，哪些做法与他说看重的一致，哪些彼此矛盾，并提出一两个值得他问自己的问题。",
  evolution:
    "写出用户的看法随时间怎样变化：按时间顺序分成几个阶段，每个阶段写明日期，引用用户当时的原话（加引号）并标注记录编号。" +
    "前后看法不一致的地方，明确写「矛盾」或「前后不一」，并同时引用前后两边的记录和日期。" +
    "如果记录太少，或者看法前后没有变化，就直接写明「记录太少，看不出演变」或「看法前后一致，没有明显变化」，不要编一个演变的故事。",
};

const label = (s: Source) => (s.type === "idea" ? "想法" : "笔记");

/** The scope's items as the model reads them: numbered oldest first, each with its date. */
const recordsBlock = (sources: Source[]) =>
  sources
    .map((s, i) => `[${i + 1}] ${label(s)}《${s.title}》（${beijingChineseDay(s.createdAt)}）\n${s.text}`)
    .join("\n\n");

export function insightPrompt(input: {
  identity: string | null;
  lens: InsightLens;
  prompt: string | null;
  scopeLabel: string;
  sources: Source[];
}): PromptMessage[] {
  const task =
    input.lens === "custom"
      ? `按用户自己的要求来读这些记录：${input.prompt ?? ""}`
      : `用「${INSIGHT_LENS_LABELS[input.lens]}」的视角来读：${LENS_TASKS[input.lens]}`;
  const system =
    "你是「拾念」的思考助手，帮用户跨越时间读自己的记录。\n" +
    (input.identity ? `用户的自我介绍：${input.identity}\n` : "") +
    `下面是用户在「${input.scopeLabel}」范围内的 ${input.sources.length} 条记录，按时间从早到晚编号，每条带日期。\n` +
    `${task}\n\n` +
    "写作规则：\n" +
    "- 用简体中文写 Markdown。第一行写「标题：」加不超过 20 字的标题，然后空一行写正文。\n" +
    "- 每个要点都要在句末标注依据的记录编号，如 [1]、[3]；只能引用下面列出的编号，可以引用用户的原话并写明日期。\n" +
    "- 前后看法不一致时，明确说这是矛盾，并引用两边的记录。\n" +
    "- 不要编造记录里没有的内容；记录太少或彼此无关时，直接说明，不要硬凑结论。\n" +
    "- 「[图片：文件名]」「[录音：文件名]」是用户附带的文件，你看不到也听不到，不要猜测。";
  return [
    { role: "system", content: system },
    { role: "user", content: `记录：\n\n${recordsBlock(input.sources)}` },
  ];
}
