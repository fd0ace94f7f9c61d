/** What each text file of the export says. */
import type { ExportCount } from "@shinian/contract";
import type { ExportedConversation, ExportedMessage } from "../ai/chat-export.store.ts";
import { type ExportedIdeaRow, type IdeaRow, toIdea } from "../items/ideas.store.ts";
import type { NoteRow } from "../items/notes.store.ts";
import { beijingIsoTime, beijingTime } from "../shared/beijing-time.ts";
import { EXPORT_FORMAT_VERSION, exportFormat } from "./format.ts";

const yamlString = (s: string) => JSON.stringify(s); // a JSON string is a valid YAML double-quoted scalar
const yamlList = (xs: string[]) => `[${xs.map(yamlString).join(", ")}]`;

export function readme(count: ExportCount, chats: number, exportedAt: Date): string {
  return [
    "拾念 · 数据导出",
    "",
    `导出时间：${beijingTime(exportedAt)}（北京时间）`,
    `想法 ${count.thoughts} 条，笔记 ${count.notes} 篇，对话 ${chats} 个。`,
    "",
    "内容说明：",
    "  ideas/    每个想法一个 Markdown 文件（YAML 头信息：id、标题、标签、创建与更新时间（北京时间）；整理或修改过的想法，正文后附“原始内容”）",
    "  notes/    每篇笔记一个 Markdown 文件（YAML 头信息同上，另含来源想法 id）",
    "  chats/    每个 AI 对话一个 Markdown 文件（有对话时）",
    "  files/    想法和笔记中的图片（已去除 EXIF 等信息），Markdown 文件中以 ../files/… 引用",
    `  data.json 全部数据的机器可读版本（格式 ${exportFormat(EXPORT_FORMAT_VERSION)}）：个人资料、想法及其AI版本、笔记及其历史版本、图片清单、对话、AI点数明细、每日回顾记录、洞察`,
    "            可在拾念的「个人资料 → 导入数据」中导入，恢复到任一账号",
    "  avatar.*  头像图片（已上传时）",
    "",
  ].join("\n");
}

/** The YAML head of an idea's or a note's file: what both have, then `more`. */
function frontMatter(
  item: { id: string; title: string; tags: string[]; created_at: Date; updated_at: Date },
  more: string[],
): string[] {
  return [
    "---",
    `id: ${item.id}`,
    `title: ${yamlString(item.title)}`,
    `tags: ${yamlList(item.tags)}`,
    // Beijing time with its offset, like the day the file's name begins with
    `created: ${beijingIsoTime(item.created_at)}`,
    `updated: ${beijingIsoTime(item.updated_at)}`,
    ...more,
    "---",
    "",
  ];
}

/** An idea's file: its text, then 原始内容 only when the words captured differ from it (tidied or edited). */
export function ideaMarkdown(i: IdeaRow): string {
  const front = frontMatter(i, [`pinned: ${i.pinned}`, `aiExcluded: ${i.ai_excluded}`]);
  const original =
    i.original_content.trim() === i.content.trim() ? [] : ["## 原始内容", "", i.original_content, ""];
  const body = [i.title ? `# ${i.title}\n` : "", i.content, "", ...original];
  return [...front, ...body].join("\n");
}

export function noteMarkdown(n: NoteRow): string {
  const front = frontMatter(n, [`sourceIdeaIds: ${yamlList(n.source_idea_ids)}`]);
  return [...front, n.content, ""].join("\n");
}

/**
 * A conversation's Markdown file comes in pieces, its messages a page at a time: the head, then
 * each message. Joined, they are the title, its date, and each message after a blank line.
 */
export const chatHead = (c: ExportedConversation) =>
  `# ${c.title || "AI 对话"}\n\n创建于 ${beijingTime(c.created_at)}\n`;

export const chatMessage = (m: ExportedMessage) =>
  `\n## ${m.role === "user" ? "我" : "AI助手"} · ${beijingTime(m.created_at)}\n\n${m.content}\n`;

/**
 * An idea in data.json: as the API shows it, and the id of its applied AI version (format 2), which
 * says what the API's `tidied` says.
 */
export const ideaJson = (i: ExportedIdeaRow) => {
  const { tidied: _, ...idea } = toIdea(i);
  return { ...idea, aiVersionId: i.ai_version_id };
};

/**
 * A conversation in data.json, its messages inline, in pieces too: the head
 * opens the messages' array (`{…,"messages":[`), the messages follow, separated by commas, then `]}`.
 */
export const conversationJsonHead = (c: ExportedConversation) =>
  `${JSON.stringify({
    id: c.id,
    title: c.title,
    subject: c.subject_type ? { type: c.subject_type, id: c.subject_id } : null,
    createdAt: c.created_at.toISOString(),
    updatedAt: c.updated_at.toISOString(),
  }).slice(0, -1)},"messages":[`;

export const messageJson = (m: ExportedMessage) =>
  JSON.stringify({
    id: m.id,
    role: m.role,
    content: m.content,
    status: m.status,
    citations: m.citations,
    sourceIds: m.source_ids,
    points: m.points,
    mode: m.mode,
    timeFilter: m.time_filter ?? null,
    createdAt: m.created_at.toISOString(),
  });
