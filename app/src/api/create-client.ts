import type { KyInstance, Options } from "ky";
import {
  ApiError,
  CONFIG_ERROR_MESSAGE,
  isAbortError,
  NETWORK_ERROR_MESSAGE,
  REQUEST_FAILED_MESSAGE,
} from "./api-error.ts";

export type ApiClientOptions = {
  /** `/api`, or an absolute URL ending in the API's root. */
  baseUrl: string;
  timeoutMs: number;
  getToken: () => string | null;
  /** A 401 arrived: the client has already asked `clearSession` to forget the token and user. */
  clearSession: () => void;
  /** Sends the browser to /login remembering where it was (the app decides how, and skips it on /login). */
  onUnauthorized: () => void;
  /** An answer already on its way for this request (public/boot.js's first GETs), else undefined. */
  takePrefetched?: (request: Request, token: string | null) => Promise<Response | undefined> | undefined;
};

export type RequestOptions = {
  json?: unknown;
  body?: FormData;
  searchParams?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Overrides the client's timeout (e.g. the 90 s export). */
  timeoutMs?: number;
  headers?: Record<string, string>;
};

type Method = "get" | "post" | "patch" | "delete";

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const messageOf = (data: unknown) =>
  data && typeof data === "object" && typeof (data as { message?: unknown }).message === "string"
    ? (data as { message: string }).message || REQUEST_FAILED_MESSAGE
    : REQUEST_FAILED_MESSAGE;

/**
 * The one HTTP client of the app, on ky 2: Bearer token, no-cache headers, JSON. `body()` hands back
 * the whole response body, `get/post/...` the `data` of the `{ success, data }` envelope. Failures
 * reject with ApiError {status, message, data}; a 401 first clears the session and calls
 * `onUnauthorized`; a cancel (AbortError) passes through unchanged. No retries: a repeated POST could
 * capture an idea twice. Details: app/docs/decisions.md ("What the client hands back", "Errors", "401").
 */
export function createApiClient(options: ApiClientOptions) {
  // ky arrives with the first request, not with the first screen: /login renders without it.
  let kyReady: Promise<{ ky: typeof import("ky"); instance: KyInstance }> | null = null;
  const loadKy = () =>
    (kyReady ??= import("ky").then(
      (ky) => ({ ky, instance: createInstance(ky.default) }),
      (error: unknown) => {
        kyReady = null; // offline before it was ever cached: the next request tries again
        throw error;
      },
    ));
  const createInstance = (ky: typeof import("ky").default): KyInstance =>
    ky.create({
      prefix: options.baseUrl,
      timeout: options.timeoutMs,
      retry: 0,
      hooks: {
        beforeRequest: [
          ({ request }) => {
            const token = options.getToken();
            if (token) request.headers.set("Authorization", `Bearer ${token}`);
            // Set here rather than as default headers so a per-call header object never drops them.
            request.headers.set("Accept", "application/json");
            request.headers.set("Cache-Control", "no-cache");
            request.headers.set("Pragma", "no-cache");
            // Multipart uploads carry their own boundary in Content-Type; everything else is JSON.
            if (!request.headers.has("Content-Type")) request.headers.set("Content-Type", "application/json");
            return options.takePrefetched?.(request, token);
          },
        ],
      },
    });

  const toApiError = (error: unknown, ky: typeof import("ky")): unknown => {
    if (isAbortError(error)) return error;
    if (ky.isHTTPError(error)) {
      const status = error.response.status;
      const data = error.data ?? null;
      if (status === 401) {
        options.clearSession();
        options.onUnauthorized();
      }
      return new ApiError(
        status,
        messageOf(data),
        data,
        retryAfterMs(error.response.headers.get("Retry-After")),
      );
    }
    if (ky.isNetworkError(error) || ky.isTimeoutError(error)) return new ApiError(0, NETWORK_ERROR_MESSAGE);
    return new ApiError(-1, CONFIG_ERROR_MESSAGE);
  };

  const kyOptions = (method: Method, request: RequestOptions): Options => {
    const searchParams: Record<string, string> = {};
    for (const [key, value] of Object.entries(request.searchParams ?? {})) {
      if (value !== undefined) searchParams[key] = String(value);
    }
    return {
      method,
      json: request.json,
      body: request.body,
      searchParams,
      signal: request.signal,
      timeout: request.timeoutMs ?? options.timeoutMs,
      ...(request.headers ? { headers: request.headers } : {}),
    };
  };

  /** The raw Response, for binary answers (the export zip). Errors are mapped like every call. */
  async function response(method: Method, path: string, request: RequestOptions = {}): Promise<Response> {
    const loaded = await loadKy().catch(() => {
      throw new ApiError(0, NETWORK_ERROR_MESSAGE);
    });
    try {
      return await loaded.instance(path, kyOptions(method, request));
    } catch (error) {
      throw toApiError(error, loaded.ky);
    }
  }

  /** The whole JSON body; null for an empty answer (204). */
  async function body<T>(method: Method, path: string, request: RequestOptions = {}): Promise<T> {
    const res = await response(method, path, request);
    try {
      const text = await res.text();
      return (text ? JSON.parse(text) : null) as T;
    } catch (error) {
      // A body cut off or not JSON: the answer came, so this is not a network failure.
      throw isAbortError(error) ? error : new ApiError(-1, CONFIG_ERROR_MESSAGE);
    }
  }

  /** The `data` of the success envelope. */
  async function data<T>(method: Method, path: string, request?: RequestOptions): Promise<T> {
    const answer = await body<{ data?: T } | null>(method, path, request);
    return (answer && typeof answer === "object" && "data" in answer ? answer.data : answer) as T;
  }

  return {
    /** Hands the client ky up front (the router app's entry has it already): no load on the first request. */
    provideKy: (ky: typeof import("ky")) => {
      kyReady ??= Promise.resolve({ ky, instance: createInstance(ky.default) });
    },
    response,
    body,
    get: <T>(path: string, request?: RequestOptions) => data<T>("get", path, request),
    post: <T>(path: string, request?: RequestOptions) => data<T>("post", path, request),
    patch: <T>(path: string, request?: RequestOptions) => data<T>("patch", path, request),
    delete: <T>(path: string, request?: RequestOptions) => data<T>("delete", path, request),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
