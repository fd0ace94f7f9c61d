import type { TimeFilter } from "@shinian/contract";
import type { Source } from "./grounding.ts";

const SNIPPET = 80;

const snippet = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > SNIPPET ? `${flat.slice(0, SNIPPET)}…` : flat;
};

/**
 * The built-in assistant of 本地模式 (no provider configured): it cannot write an answer, so it
 * lists what retrieval found, with snippets, and says plainly what it is.
 */
export function offlineAnswer(
  question: string,
  sources: Source[],
  recent: boolean,
  timeFilter: TimeFilter | null = null,
): string {
  const head = "**本地模式**：还没有配置 AI 服务，我无法生成回答，只能从你的想法和笔记里找出相关内容。";
  if (sources.length === 0 && timeFilter) {
    return `${head}\n\n${timeFilter.label}没有找到相关的想法或笔记，其他时间的记录不在这次的范围内。`;
  }
  if (sources.length === 0) {
    return `${head}\n\n没有找到与「${snippet(question)}」相关的想法或笔记。换个说法试试，或者先记录一些想法。`;
  }
  const intro = recent
    ? timeFilter
      ? `${timeFilter.label}没有与问题直接相关的内容，这是这段时间里最近的记录：`
      : "没有找到与问题直接相关的内容，这是你最近的记录："
    : `${timeFilter ? `${timeFilter.label}里，` : ""}与「${snippet(question)}」最相关的 ${sources.length} 条记录：`;
  const list = sources
    .map(
      (s, i) =>
        `${i + 1}. **${s.title}**（${{ idea: "想法", note: "笔记", insight: "洞察" }[s.type]}）：${snippet(s.text)} [${i + 1}]`,
    )
    .join("\n");
  return `${head}\n\n${intro}\n\n${list}\n\n配置 AI 服务后，我可以根据这些内容直接回答你的问题。`;
}

/** Splits a ready text into small chunks, so the offline reply streams through the same path. */
export async function* chunks(text: string, size = 8): AsyncGenerator<string> {
  const chars = [...text];
  for (let i = 0; i < chars.length; i += size) yield chars.slice(i, i + size).join("");
}
