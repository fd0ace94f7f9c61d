/**
 * Why an export was ended by the server rather than by its client: the client read nothing for
 * the stall time, or the whole export ran past its maximum duration.
 */
export type CutOff = "stalled" | "too-long";

export class ExportCutOffError extends Error {
  readonly reason: CutOff;
  constructor(reason: CutOff) {
    super(reason === "stalled" ? "export reader stalled" : "export ran past its maximum duration");
    this.name = "ExportCutOffError";
    this.reason = reason;
  }
}

/**
 * At most this much is handed to the HTTP layer per pull. The server asks for the next piece only
 * once the socket took the last one, so a pull every so often means the client is still reading:
 * a whole batch (up to 25 notes of 200,000 characters) in one piece would make a slow reader look
 * stalled, and a stalled one could not be told from one still reading a big piece.
 */
const PIECE_BYTES = 64 * 1024;

export type WatchedExport = {
  chunks: AsyncGenerator<Uint8Array>;
  /** Ends the snapshot once (commit when ok, else roll back), releasing its slot and connection. */
  end(ok: boolean): Promise<void>;
  isDone(): boolean;
  stallMs: number;
  maxDurationMs: number;
  /** The first byte is about to leave. */
  onFirstByte(): void;
  /** The server ends the export: close the client's connection, give back what is due. */
  onCutOff(reason: CutOff): void;
  onFinished(): void;
  onFailed(err: unknown): void;
  onCancelled(): void;
};

/**
 * The zip as a response body, watched: a client that takes no piece for `stallMs`, or an export
 * still running after `maxDurationMs`, is cut off — its stream fails, its connection is closed
 * (`onCutOff`) and its snapshot rolled back, at once when no read is in flight, else as soon as
 * the one in flight returns (a query on the snapshot's connection is never interrupted).
 */
export function watchedBody(w: WatchedExport): ReadableStream<Uint8Array> {
  let piece: Uint8Array | null = null;
  let pulling = false;
  let cutOff: CutOff | null = null;
  let sentAny = false;
  let cancelled = false;
  let controllerOf: ReadableStreamDefaultController<Uint8Array> | null = null;
  let stallTimer: NodeJS.Timeout | undefined;
  // unref: an export never holds a stopping process open (shutdown closes its connection)
  const maxTimer = setTimeout(() => cut("too-long"), w.maxDurationMs).unref();

  const stopTimers = () => {
    clearTimeout(stallTimer);
    clearTimeout(maxTimer);
  };
  const fail = async (controller: ReadableStreamDefaultController<Uint8Array>, err: unknown) => {
    stopTimers();
    await w.chunks.return(undefined).catch(() => undefined);
    await w.end(false);
    controller.error(err);
  };
  function cut(reason: CutOff) {
    if (cutOff || w.isDone()) return;
    cutOff = reason;
    w.onCutOff(reason);
    if (!pulling && controllerOf) void fail(controllerOf, new ExportCutOffError(reason));
  }

  return new ReadableStream<Uint8Array>({
    start(controller) {
      controllerOf = controller;
    },
    async pull(controller) {
      clearTimeout(stallTimer);
      pulling = true;
      try {
        if (!piece?.byteLength) {
          if (w.isDone()) throw new Error("export connection closed");
          const { value, done } = await w.chunks.next();
          if (cancelled) return; // the client went away while this piece was being read
          if (cutOff) throw new ExportCutOffError(cutOff);
          if (done) {
            stopTimers();
            await w.end(true);
            w.onFinished();
            controller.close();
            return;
          }
          piece = value;
        }
        if (!sentAny) {
          sentAny = true;
          w.onFirstByte();
        }
        controller.enqueue(piece.subarray(0, PIECE_BYTES));
        piece = piece.subarray(PIECE_BYTES);
      } catch (err) {
        if (!(err instanceof ExportCutOffError)) w.onFailed(err);
        await fail(controller, err);
        return;
      } finally {
        pulling = false;
      }
      stallTimer = setTimeout(() => cut("stalled"), w.stallMs).unref();
    },
    async cancel() {
      cancelled = true;
      stopTimers();
      if (!cutOff) w.onCancelled();
      await w.chunks.return(undefined).catch(() => undefined);
      await w.end(false);
    },
  });
}
