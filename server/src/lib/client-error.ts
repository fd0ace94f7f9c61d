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
  const status = errorCodes[code];
  const body = JSON.stringify({ success: false, message: messageFor(code), code });
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      "Content-Type: application/json; charset=utf-8",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Cache-Control: no-store",
      "X-Content-Type-Options: nosniff",
      "Connection: close",
      "",
      body,
    ].join("\r\n"),
  );
}
