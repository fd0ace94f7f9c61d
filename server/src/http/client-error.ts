import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { type ErrorCode, errorCodes, errorMessages } from "@shinian/contract";

const codeFor = (err: NodeJS.ErrnoException): ErrorCode =>
  err.code === "HPE_HEADER_OVERFLOW"
    ? "HEADERS_TOO_LARGE"
    : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? "REQUEST_TIMEOUT"
      : "VALIDATION_ERROR";

const messageFor = (code: ErrorCode) =>
  code === "VALIDATION_ERROR"
    ? "请求格式有误"
    : code === "HEADERS_TOO_LARGE"
      ? "请求的网址或请求头过长（上限 16 KB）"
      : errorMessages[code];

/**
 * Node's HTTP parser refuses a request before any handler sees it (an over-long URL or header,
 * a malformed request line, a request that took too long). Node then answers with an empty body;
 * we answer with the API's error envelope, in Chinese, and close the connection.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const code = codeFor(err);
  socket.end(rawErrorAnswer(code, messageFor(code)));
}

/**
 * A complete HTTP/1.1 error answer in the API's envelope, written straight to a socket that no
 * request handler owns (the parser refused the request, or the connection itself is refused).
 */
export function rawErrorAnswer(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
  const status = errorCodes[code];
  const body = JSON.stringify({ success: false, message, code });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    "X-Content-Type-Options: nosniff",
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}
