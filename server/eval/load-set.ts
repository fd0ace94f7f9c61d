/**
 * Puts the set into a fresh account through the import API, as a 拾念 export (data.json in a zip):
 * the one public way in that keeps each item's original time, for ideas and notes alike (a
 * capture's `capturedAt` is clamped to the last 7 days; Markdown files become notes only). Every
 * item is moved by the days between the set's `today` and the day of the run, so that 今天 and
 * 上个月 still hold the items they were written for.
 */
import { strToU8, zipSync } from "fflate";
import type { Api } from "./client.ts";
import { addDays } from "./metrics.ts";
import type { SetItem } from "./search-set.ts";

/** The item's time moved by `shiftDays`, as an instant (Beijing has no daylight saving). */
export function shiftedTime(item: SetItem, shiftDays: number): Date {
  const [day, time] = item.created.split(" ") as [string, string];
  return new Date(`${addDays(day, shiftDays)}T${time}:00+08:00`);
}

export function exportZip(items: SetItem[], shiftDays: number): Uint8Array<ArrayBuffer> {
  const at = (item: SetItem) => shiftedTime(item, shiftDays).toISOString();
  const data = {
    format: "shinian-export/2",
    ideas: items
      .filter((i) => i.type === "idea")
      .map((i) => ({
        id: i.key,
        originalContent: i.text,
        title: i.title ?? "",
        content: i.text,
        tags: [],
        pinned: false,
        aiExcluded: false,
        createdAt: at(i),
        updatedAt: at(i),
        aiVersionId: null,
        aiStatus: "none",
      })),
    notes: items
      .filter((i) => i.type === "note")
      .map((i) => ({
        id: i.key,
        title: i.title ?? "",
        content: i.text,
        tags: [],
        sourceIdeaIds: [],
        pinned: false,
        createdAt: at(i),
        updatedAt: at(i),
      })),
  };
  return zipSync({ "data.json": strToU8(JSON.stringify(data)) }) as Uint8Array<ArrayBuffer>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Imports the items and answers server id → set key (matched by time, unique in the set). */
export async function importSet(api: Api, items: SetItem[], shiftDays: number): Promise<Map<string, string>> {
  const created = await api.upload("/api/import", {
    name: "拾念导出_评测集.zip",
    bytes: exportZip(items, shiftDays),
  });
  if (created.status !== 201)
    throw new Error(`import refused: ${created.status} ${JSON.stringify(created.body)}`);
  const { jobId } = (created.body as { data: { jobId: string } }).data;
  await api.request("startImport", { params: { id: jobId }, body: {} });
  for (let i = 0; ; i++) {
    const status = await api.request("getImport", { params: { id: jobId } });
    if (status.status === "done") {
      const got = status.imported.ideas + status.imported.notes;
      if (got !== items.length)
        throw new Error(`import took ${got} of ${items.length} items: ${JSON.stringify(status)}`);
      break;
    }
    if (status.status !== "running" || i > 1200) throw new Error(`import ended ${JSON.stringify(status)}`);
    await sleep(50);
  }
  const keyAt = new Map(items.map((i) => [shiftedTime(i, shiftDays).getTime(), i.key]));
  const ids = new Map<string, string>();
  for (const list of ["listIdeas", "listNotes"] as const) {
    let cursor: string | undefined;
    do {
      const page = await api.request(list, { query: { limit: 100, cursor } });
      for (const item of page.items) {
        const key = keyAt.get(Date.parse(item.createdAt));
        if (key) ids.set(item.id, key);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  if (ids.size !== items.length)
    throw new Error(`matched ${ids.size} of ${items.length} imported items by time`);
  return ids;
}
