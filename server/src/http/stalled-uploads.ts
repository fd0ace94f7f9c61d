import type { IncomingMessage, Server } from "node:http";
import type { Socket } from "node:net";
import { routes } from "@shinian/contract";
import type { HttpLimits } from "../env.ts";
import { answerClientError } from "./client-error.ts";

/** Requests whose body may take longer than the request timeout: a file upload to 导入数据, an image. */
const UPLOAD_PATHS = new Set<string>([routes.createImport.path, routes.createAttachment.path]);
const isUpload = (req: IncomingMessage) =>
  req.method === "POST" && UPLOAD_PATHS.has(req.url?.split("?")[0] ?? "");

/**
 * An upload (up to 200 MB) may take minutes on a slow line, past the whole-request timeout
 * (http.requestTimeoutMs). Its body is bounded instead by stalls (no byte for the request timeout),
 * by its rate over the last http.uploadRateWindowMs (http.uploadMinBytesPerSecond) and by
 * http.uploadMaxDurationMs, independently; past any, 408 and closed (why three: docs/security.md,
 * "Connections, request sizes and exports"). Returns whether a socket's request-timeout error is such
 * an upload's, for the caller to ignore it.
 */
export function watchUploadStalls(
  server: Server,
  {
    requestTimeoutMs: stallMs,
    uploadMinBytesPerSecond: minRate,
    uploadRateWindowMs: windowMs,
    uploadMaxDurationMs: maxMs,
  }: HttpLimits,
): (socket: Socket) => boolean {
  const uploading = new WeakSet<Socket>();
  const rated = minRate > 0 && windowMs > 0;
  const bounds = [stallMs, rated ? windowMs : 0, maxMs].filter((ms) => ms > 0);
  if (bounds.length === 0) return () => false;
  const tick = Math.min(1000, Math.max(20, Math.floor(Math.min(...bounds) / 4)));
  server.on("request", (req: IncomingMessage) => {
    if (!isUpload(req) || req.complete) return;
    const socket = req.socket;
    uploading.add(socket);
    const startedAt = Date.now();
    let bytes = socket.bytesRead;
    let lastByteAt = startedAt;
    /** (time, bytes read) each tick; the first is the newest one a window or more ago */
    const seen: { at: number; bytes: number }[] = [{ at: startedAt, bytes }];
    const tooSlow = (now: number) => {
      if (!rated || now - startedAt < windowMs) return false;
      while (seen.length > 1 && seen[1]!.at <= now - windowMs) seen.shift();
      const since = seen[0]!;
      return ((bytes - since.bytes) * 1000) / (now - since.at) < minRate;
    };
    const timer = setInterval(() => {
      const now = Date.now();
      // all of it arrived: the app may take its time to store it
      if (req.complete) return stop();
      if (socket.bytesRead !== bytes) {
        bytes = socket.bytesRead;
        lastByteAt = now;
      }
      seen.push({ at: now, bytes });
      const stalled = stallMs > 0 && now - lastByteAt >= stallMs;
      if (stalled || tooSlow(now) || (maxMs > 0 && now - startedAt >= maxMs)) {
        stop();
        answerClientError(
          Object.assign(new Error("upload stalled"), { code: "ERR_HTTP_REQUEST_TIMEOUT" }),
          socket,
        );
        socket.destroySoon();
      }
    }, tick);
    timer.unref();
    const stop = () => {
      clearInterval(timer);
      uploading.delete(socket);
    };
    req.once("end", stop);
    req.once("close", stop);
  });
  return (socket) => uploading.has(socket);
}
