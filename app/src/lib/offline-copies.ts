import type { FeedItem } from "@shinian/contract";
import { clear, del, get, set } from "idb-keyval";
import { lazyStore } from "./idb-store.ts";

/**
 * What stays readable offline (issue 12): the first page of 首页 and the last 50 items opened,
 * per account, in IndexedDB. Read only when the network is away; 退出登录 clears them, since on
 * a shared computer the next person must not find these words.
 */
const RECENT_MAX = 50;

const db = lazyStore("shinian-offline", "copies");

export const keepFeedPage = (userId: string, items: FeedItem[]) => set(`${userId}/feed`, items, db());
export const readFeedPage = (userId: string) =>
  get<FeedItem[]>(`${userId}/feed`, db()).then((items) => items?.map(withPreview));

// A page kept before lists carried a note's preview instead of its text: read it the new way.
const withPreview = (item: FeedItem): FeedItem => {
  if (item.type !== "note" || typeof item.preview === "string") return item;
  const content = (item as { content?: string }).content ?? "";
  return { ...item, preview: content.slice(0, 500), contentLength: content.length };
};

const itemKey = (userId: string, kind: string, id: string) => `${userId}/item/${kind}/${id}`;

export async function keepItem(userId: string, loaded: { kind: string; item: { id: string } }) {
  const key = itemKey(userId, loaded.kind, loaded.item.id);
  await set(key, loaded, db());
  const recent = [key, ...((await get<string[]>(`${userId}/recent`, db())) ?? []).filter((k) => k !== key)];
  for (const old of recent.slice(RECENT_MAX)) await del(old, db());
  await set(`${userId}/recent`, recent.slice(0, RECENT_MAX), db());
}

export const readItem = <T>(userId: string, kind: string, id: string) =>
  get<T>(itemKey(userId, kind, id), db());

export const forgetOfflineCopies = () => clear(db());
