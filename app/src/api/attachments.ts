import type { Attachment } from "@shinian/contract";
import { firstRoutes } from "@shinian/contract/first-routes";
import { tokenStore } from "../auth/token-store.ts";
import { appConfig } from "../config/index.ts";
import { ApiError, NETWORK_ERROR_MESSAGE, REQUEST_FAILED_MESSAGE } from "./api-error.ts";
import { call } from "./client.ts";
import { retryAfterMs } from "./create-client.ts";
import { clientPath } from "./endpoint-caller.ts";
import { redirectToLogin } from "./unauthorized.ts";

const messageOf = (body: unknown, status: number): string => {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === "string" && message) return message;
  if (status === 413) return "图片太大";
  return REQUEST_FAILED_MESSAGE;
};

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * Uploads one image (POST /api/attachments, multipart `file`). XMLHttpRequest rather than the ky
 * client: ky's onUploadProgress needs fetch request streams (not in Safari, HTTP/2 only in
 * Chromium), and a phone needs to see a big photo move. Rejects with ApiError like every call (the server's Chinese message), or an AbortError.
 */
export function uploadAttachment(
  file: File,
  {
    onProgress,
    signal,
    durationMs,
  }: {
    onProgress?: (percent: number) => void;
    signal?: AbortSignal;
    /** A recording's length as the recorder measured it (the server keeps it: a WebM does not say). */
    durationMs?: number | undefined;
  } = {},
): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${appConfig.apiBaseUrl}${clientPath(firstRoutes.createAttachment.path)}`);
    const token = tokenStore.getToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        // The schema (zod) loads with the first upload, not with 首页, whose composer imports this.
        void import("@shinian/contract/attachments").then(({ AttachmentSchema }) => {
          const data = AttachmentSchema.safeParse((body as { data?: unknown } | null)?.data);
          if (data.success) resolve(data.data);
          else reject(new ApiError(-1, REQUEST_FAILED_MESSAGE, body));
        }, reject);
        return;
      }
      if (xhr.status === 401) {
        tokenStore.clearSession();
        redirectToLogin();
      }
      reject(
        new ApiError(
          xhr.status,
          messageOf(body, xhr.status),
          body,
          retryAfterMs(xhr.getResponseHeader("Retry-After")),
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException("上传已取消", "AbortError"));
    if (signal?.aborted) return reject(new DOMException("上传已取消", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    if (durationMs !== undefined && durationMs >= 1)
      form.append("durationMs", String(Math.round(durationMs)));
    form.append("file", file, file.name || "image");
    xhr.send(form);
  });
}

/**
 * Turns an uploaded recording into text (charged; refunded by the server when it fails). Its own
 * timeout: the server waits for the provider up to its limit `ai.transcribeTimeoutMs` (2 minutes).
 */
export const transcribeAttachment = (id: string, aiExcluded: boolean, signal?: AbortSignal) =>
  call("transcribeAttachment", { params: { id }, body: { aiExcluded }, timeoutMs: 150_000, signal });
