import { QueuedAnnotations } from "@shinian/ui";
import type { useCaptureQueue } from "../capture-queue/use-capture-queue.ts";

/**
 * 首页's list of the 批注 still on this device, each under its idea: 待同步, or refused by the
 * server (its idea deleted for good, a quota) with the reason, 重试 and 删除, as a refused idea is.
 */
export default function HomeQueuedAnnotations({ queue }: { queue: ReturnType<typeof useCaptureQueue> }) {
  return (
    <QueuedAnnotations
      annotations={queue.annotations.map((a) => ({
        id: a.clientId,
        content: a.content,
        idea: a.ideaTitle || "一条想法",
        reason: a.state === "refused" ? (a.reason ?? "") : undefined,
      }))}
      onRetry={(id) => void queue.retry(id)}
      onDelete={(id) => void queue.remove(id)}
    />
  );
}
