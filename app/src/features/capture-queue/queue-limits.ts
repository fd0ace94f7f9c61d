/**
 * How much this device keeps waiting for the network: a browser gives a site a share of the disk
 * and may evict it all when it runs short, so the queue stays well inside it.
 */
export const QUEUE_MAX_CAPTURES = 200;
/** Pictures and recordings not yet uploaded, over all queued captures (each image is ≤ 10 MB). */
export const QUEUE_MAX_FILE_BYTES = 200 * 1024 * 1024;

type Sized = { files?: { blob?: Blob; size: number }[] };

const waitingBytes = (item: Sized) => (item.files ?? []).reduce((sum, f) => sum + (f.blob ? f.size : 0), 0);

/** Why one more capture cannot be kept on this device (a Chinese message), or null when it can. */
export function queueFullReason(queued: readonly Sized[], next: Sized): string | null {
  if (queued.length >= QUEUE_MAX_CAPTURES) {
    return `本机已有 ${QUEUE_MAX_CAPTURES} 条想法等待同步，请联网同步后再记录`;
  }
  const bytes = queued.reduce((sum, item) => sum + waitingBytes(item), 0) + waitingBytes(next);
  if (bytes > QUEUE_MAX_FILE_BYTES) {
    return `本机等待上传的图片和录音已超过 ${QUEUE_MAX_FILE_BYTES / 1024 / 1024} MB，请联网同步后再添加`;
  }
  return null;
}

/** Thrown when a capture does not fit in the queue; its message is the reason shown. */
export class QueueFullError extends Error {
  override name = "QueueFullError";
}
