import { call } from "./client.ts";

// 归档's calls, apart from api/items.ts: 首页's first screen loads that file, and uses neither.

/** 归档: what was put away, newest first. */
export const fetchArchived = (cursor?: string | null) =>
  call("feed", { query: { type: "all", view: "archived", cursor: cursor ?? undefined } });

/** Puts an idea or note under 归档, or back on 首页. */
export const setArchived = (kind: "idea" | "note", id: string, archived: boolean) =>
  kind === "idea"
    ? call(archived ? "archiveIdea" : "unarchiveIdea", { params: { id } })
    : call(archived ? "archiveNote" : "unarchiveNote", { params: { id } });
