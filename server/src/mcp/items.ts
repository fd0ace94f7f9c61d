import { markdownToPlain, plainTitle } from "@shinian/contract/plain-text";
import type { Config } from "../env.ts";
import type { ReadableRow } from "../search/search.store.ts";

/** An item as every MCP tool gives it: enough to cite it and to open it in the app. */
export type McpItem = {
  id: string;
  type: "idea" | "note";
  title: string;
  excerpt: string;
  created_at: string;
  updated_at: string;
  tags: string[];
  url: string;
};

/** The site's address: PUBLIC_URL, or the local server's own. */
export const siteOf = (config: Config) => config.publicUrl ?? `http://localhost:${config.port}`;

export const itemUrl = (site: string, type: "idea" | "note", id: string) => `${site}/${type}s/${id}`;

/** `found`: a search's title and excerpt (around the match); otherwise the start of the text. */
export function toMcpItem(
  row: ReadableRow,
  config: Config,
  found?: { title: string; snippet: string },
): McpItem {
  const { excerptChars } = config.mcp;
  return {
    id: row.id,
    type: row.type,
    title: found?.title ?? (row.title || plainTitle(row.content)),
    excerpt: found ? found.snippet.slice(0, excerptChars + 2) : markdownToPlain(row.content, excerptChars),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    tags: row.tags,
    url: itemUrl(siteOf(config), row.type, row.id),
  };
}

/** Rows in the order of `ids` (a search's, a review's), those not found left out. */
export function inOrderOf<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A tool's `from` or `to`: a day (YYYY-MM-DD, in Beijing time: `to` takes the whole day) or an
 * ISO 8601 time with its offset; undefined when absent, null when it is neither.
 */
export function parseBound(text: string | undefined, end: boolean): Date | undefined | null {
  if (text === undefined) return undefined;
  if (DAY.test(text)) {
    const day = new Date(`${text}T00:00:00+08:00`);
    if (Number.isNaN(day.getTime())) return null;
    return end ? new Date(day.getTime() + 24 * 3600_000) : day;
  }
  const at = /(Z|[+-]\d{2}:\d{2})$/i.test(text) ? new Date(text) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}
