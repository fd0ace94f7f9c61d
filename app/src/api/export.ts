import type { ExportCount } from "@shinian/contract";
import { EXPORT_COUNT_HEADER } from "@shinian/contract/constants";
import {
  EXPORT_PERMISSION_TIMEOUT_MS,
  EXPORT_REQUEST_TIMEOUT_MS,
} from "../features/export/export-machine.ts";
import { envelope, response } from "./client.ts";

export { EXPORT_COUNT_HEADER };

/** This call is read from its whole envelope (`success`, `message`, `data`), so the body comes back as is. */
export const fetchExportPermission = (signal?: AbortSignal) =>
  envelope("exportPermission", { signal, timeoutMs: EXPORT_PERMISSION_TIMEOUT_MS });

/** Reads the file name from Content-Disposition, preferring RFC 5987 `filename*=UTF-8''…`. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ""));
    } catch {
      // Fall through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const value = plain?.[2] ?? plain?.[1];
  return value?.trim() || fallback;
}

export function countFromHeader(header: string | null): ExportCount | null {
  if (!header) return null;
  try {
    const value: unknown = JSON.parse(header);
    if (!value || typeof value !== "object") return null;
    const { thoughts, notes, total } = value as Record<string, unknown>;
    return [thoughts, notes, total].every((n) => Number.isInteger(n))
      ? { thoughts: thoughts as number, notes: notes as number, total: total as number }
      : null;
  } catch {
    return null;
  }
}

/** Local time as YYYYMMDD_HHMMSS, for a name when the server sends none. */
const stamp = (date: Date) => {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}${p(date.getMonth() + 1)}${p(date.getDate())}_${p(date.getHours())}${p(date.getMinutes())}${p(date.getSeconds())}`;
};

export async function requestExport(signal: AbortSignal, options: { includeTrash?: boolean } = {}) {
  const body = options.includeTrash ? { includeTrash: true } : {};
  const res = await response("exportData", { body, signal, timeoutMs: EXPORT_REQUEST_TIMEOUT_MS });
  const blob = res.body ? await res.blob() : null;
  return {
    blob: blob && blob.size > 0 ? blob : null,
    filename: filenameFromDisposition(
      res.headers.get("Content-Disposition"),
      `拾念导出_${stamp(new Date())}.zip`,
    ),
    count: countFromHeader(res.headers.get(EXPORT_COUNT_HEADER)),
  };
}

/** Hands the zip to the browser's download under the server's name. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
