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
 * An upload of up to 200 MB (a 10 MB photo from a phone) takes minutes on a slow line, past the
 * whole-request timeout that bounds every other request (HTTP_REQUEST_TIMEOUT). Its body is
 * bounded instead by stalls (no byte for the request timeout), by its average rate once past that
 * time (UPLOAD_MIN_RATE: one byte every 59 s never stalls, yet would hold one of the few upload
 * slots for days) and by a longest time in all (UPLOAD_MAX_DURATION). Past any of them it gets 408
 * and is closed, like any request past its timeout. Returns whether a request-timeout error of a
 * socket is such an upload's, for the caller to ignore it.
 */
export function watchUploadStalls(
  server: Server,
  { requestTimeoutMs: stallMs, uploadMinBytesPerSecond: minRate, uploadMaxDurationMs: maxMs }: HttpLimits,
): (socket: Socket) => boolean {
  const uploading = new WeakSet<Socket>();
  if (stallMs === 0) return () => false;
  server.on("request", (req: IncomingMessage) => {
    if (!isUpload(req) || req.complete) return;
    const socket = req.socket;
    uploading.add(socket);
    const startedAt = Date.now();
    const bytesAtStart = socket.bytesRead;
    let bytes = socket.bytesRead;
    let lastByteAt = startedAt;
    const tooSlow = (now: number) => {
      const elapsed = now - startedAt;
      if (maxMs > 0 && elapsed >= maxMs) return true;
      return minRate > 0 && elapsed >= stallMs && ((bytes - bytesAtStart) * 1000) / elapsed < minRate;
    };
    const timer = setInterval(
      () => {
        const now = Date.now();
        // all of it arrived: the app may take its time to store it
        if (req.complete) stop();
        else if (socket.bytesRead !== bytes) {
          bytes = socket.bytesRead;
          lastByteAt = now;
        }
        if (!req.complete && (now - lastByteAt >= stallMs || tooSlow(now))) {
          stop();
          answerClientError(
            Object.assign(new Error("upload stalled"), { code: "ERR_HTTP_REQUEST_TIMEOUT" }),
            socket,
          );
          socket.destroySoon();
        }
      },
      Math.min(1000, Math.max(20, Math.floor(stallMs / 4))),
    );
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
