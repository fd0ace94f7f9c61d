import type { ListedFile } from "../attachments/listing.store.ts";
import type { IdeaRow } from "../items/ideas.store.ts";
import { memoUidOf } from "../items/memo-ideas.store.ts";
import { wireTime } from "./wire.ts";

/**
 * 拾念's rows in memos' v1 JSON (proto3 JSON names, as memos 0.29 answers): a memo is an idea,
 * always PRIVATE; lists are [] when empty; int64 (a file's size) is a string; nothing is null.
 */

const SNIPPET_CHARS = 100;

export type MemosAttachment = ReturnType<typeof toMemosAttachment>;

export function toMemosAttachment(file: ListedFile, memoUid: string | undefined) {
  return {
    name: `attachments/${file.id}`,
    createTime: wireTime(file.created_at),
    filename: file.name,
    externalLink: "",
    type: file.content_type,
    size: String(file.size),
    ...(memoUid ? { memo: `memos/${memoUid}` } : {}),
  };
}

export function toMemo(row: IdeaRow, creator: string, attachments: MemosAttachment[]) {
  const content = row.content;
  const createTime = wireTime(row.created_at);
  return {
    name: `memos/${memoUidOf(row)}`,
    state: row.archived_at ? "ARCHIVED" : "NORMAL",
    creator,
    createTime,
    updateTime: wireTime(row.updated_at),
    displayTime: createTime,
    content,
    visibility: "PRIVATE",
    tags: row.tags,
    pinned: row.pinned,
    attachments,
    relations: [],
    reactions: [],
    property: {
      hasLink: /https?:\/\/\S/.test(content),
      hasTaskList: /^\s*[-*+] \[[ xX]\]/m.test(content),
      hasCode: /`[^`\n]+`|```/.test(content),
      hasIncompleteTasks: /^\s*[-*+] \[ \]/m.test(content),
      title: row.title,
    },
    snippet: content.replace(/\s+/g, " ").trim().slice(0, SNIPPET_CHARS),
  };
}

export type NumberedUser = {
  number: string;
  account: string;
  nickname: string;
  avatar: string | null;
  identityDescription: string | null;
  createdAt: string;
  updatedAt: string;
};

export const userName = (user: { number: string }) => `users/${user.number}`;

export function toMemosUser(user: NumberedUser) {
  return {
    name: userName(user),
    role: "USER",
    username: user.account,
    email: user.account.includes("@") ? user.account : "",
    displayName: user.nickname,
    avatarUrl: user.avatar ?? "",
    description: user.identityDescription ?? "",
    state: "NORMAL",
    createTime: wireTime(user.createdAt),
    updateTime: wireTime(user.updatedAt),
  };
}
