import type { ImportCreated, StartImportRequest } from "@shinian/contract";
import { api, call } from "./client.ts";
import { clientPath, routeOf } from "./endpoint-caller.ts";

/** A 200 MB file on a slow uplink takes minutes; the client's usual timeout would cut it off. */
export const IMPORT_UPLOAD_TIMEOUT_MS = 30 * 60_000;

/** Multipart, which the JSON caller does not send: one `file` part per file (a folder's .md files). */
export async function uploadImport(files: File[], signal: AbortSignal) {
  const body = new FormData();
  for (const file of files) body.append("file", file, file.name);
  return api.post<ImportCreated>(clientPath((await routeOf("createImport")).path), {
    body,
    signal,
    timeoutMs: IMPORT_UPLOAD_TIMEOUT_MS,
  });
}

export const fetchImport = (id: string, signal?: AbortSignal) =>
  call("getImport", { params: { id }, signal });
export const startImport = (id: string, body: StartImportRequest) =>
  call("startImport", { params: { id }, body });
export const cancelImport = (id: string) => call("cancelImport", { params: { id } });
