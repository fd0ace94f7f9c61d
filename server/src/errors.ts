import { type ErrorCode, errorCodes, errorMessages } from "@shinian/contract/envelope";

/** Thrown anywhere in a handler; the error middleware turns it into the one error shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly extra: {
    issues?: { path: string; message: string }[];
    data?: unknown;
    headers?: Record<string, string>;
  };
  constructor(code: ErrorCode, message?: string, extra: ApiError["extra"] = {}) {
    super(message ?? errorMessages[code]);
    this.status = errorCodes[code];
    this.code = code;
    this.extra = extra;
  }
}

export const notFound = (message?: string) => new ApiError("NOT_FOUND", message);
export const unauthorized = () => new ApiError("UNAUTHORIZED");
