/** The fixed Chinese messages for a failure without a server message, no response, or a request that could not be set up. */
export const REQUEST_FAILED_MESSAGE = "请求失败";
export const NETWORK_ERROR_MESSAGE = "网络连接失败，请检查网络设置";
export const CONFIG_ERROR_MESSAGE = "请求配置错误";

/**
 * What every failed call rejects with: the HTTP status (0 = no response,
 * -1 = the request could not be set up), a Chinese message and the error body.
 */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly data: unknown;
  /** From a 429's or 503's Retry-After header: how long the server asked to wait, in ms. */
  readonly retryAfterMs: number | null;

  constructor(status: number, message: string, data: unknown = null, retryAfterMs: number | null = null) {
    super(message);
    this.status = status;
    this.data = data;
    this.retryAfterMs = retryAfterMs;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** What to tell the person: the server's (or the client's) Chinese message, else the fallback. */
export const errorMessage = (error: unknown, fallback: string): string =>
  isApiError(error) ? error.message : fallback;

/** No answer at all (status 0): offline or unreachable, not a refusal. */
export const isNoResponse = (error: unknown): boolean => isApiError(error) && error.status === 0;

/** A user-initiated cancel: passed through untouched so callers can tell it from a failure. */
export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException
    ? error.name === "AbortError"
    : (error as Error | null)?.name === "AbortError";
