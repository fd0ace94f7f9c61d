import type { Idea } from "@shinian/contract";
import * as React from "react";
import { tokenStore } from "../../auth/token-store.ts";
import { useOnline } from "../../hooks/use-online.ts";
import { QueueFullError, queueFullReason } from "./queue-limits.ts";
import {
  dropQueued,
  patchQueued,
  putQueued,
  type QueuedCapture,
  type QueuedFile,
  queuedFor,
  queuedOnDevice,
  rememberSession,
} from "./queue-store.ts";
import { outcomeOf, retryDelay } from "./send-outcome.ts";

// Sending, and the upload code it brings, loads with the first capture rather than with 首页.
const sendQueued: typeof import("./send-queued.ts").sendQueued = (...args) =>
  import("./send-queued.ts").then((m) => m.sendQueued(...args));

const isAnnotation = (item: QueuedCapture) => item.kind === "annotation";

/** Asks the service worker to send the queue when the network returns, even with 拾念 closed. */
async function requestBackgroundSync() {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  const sync = (
    registration as
      | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
      | undefined
  )?.sync;
  await sync?.register("capture-queue").catch(() => undefined);
}

/**
 * The signed-in user's offline capture queue: every capture is queued first (IndexedDB), then
 * sent in order, each under its own clientId, so nothing typed is lost and nothing is made twice.
 * Sends on start, when the network returns, after a backoff, and through Background Sync.
 */
export function useCaptureQueue(
  userId: string | undefined,
  onSaved: (idea: Idea) => void,
  {
    onAnnotationSaved,
    annotationsOnly = false,
  }: {
    /** A queued 批注 reached the server (the idea it is on may show it). */
    onAnnotationSaved?: (ideaId: string) => void;
    /** Send only the 批注 (an idea's page): the ideas wait for 首页, which shows them as they land. */
    annotationsOnly?: boolean;
  } = {},
) {
  const [all, setItems] = React.useState<QueuedCapture[]>([]);
  const [syncing, setSyncing] = React.useState(false);
  const online = useOnline();
  const running = React.useRef<Promise<void> | null>(null);
  const again = React.useRef(false);
  const disposed = React.useRef(false);
  const failures = React.useRef(0);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saved = React.useRef(onSaved);
  saved.current = onSaved;
  const annotationSaved = React.useRef(onAnnotationSaved);
  annotationSaved.current = onAnnotationSaved;

  const reload = React.useCallback(async () => {
    if (userId) setItems(await queuedFor(userId));
  }, [userId]);

  const flush = React.useCallback((): Promise<void> => {
    if (!userId) return Promise.resolve();
    if (running.current) {
      // A capture queued while a send runs: one more pass when it ends.
      again.current = true;
      return running.current;
    }
    running.current = (async () => {
      setSyncing(true);
      clearTimeout(timer.current);
      try {
        for (const item of await queuedFor(userId)) {
          // Never under another account: stop when this screen is gone or the signed-in user changed.
          const auth = tokenStore.get();
          if (disposed.current || !auth.token || auth.user?.id !== userId) break;
          if (item.state !== "pending" || (annotationsOnly && !isAnnotation(item))) continue;
          try {
            const idea = await sendQueued(item);
            await dropQueued(item);
            failures.current = 0;
            // Out of the queue and into the list in one render, never shown twice.
            setItems((old) => old.filter((i) => i.clientId !== item.clientId));
            if (idea) saved.current(idea);
            else annotationSaved.current?.(item.ideaId!);
          } catch (error) {
            const outcome = outcomeOf(error);
            if (outcome.kind === "gone") await dropQueued(item);
            else if (outcome.kind === "refused")
              // a patch, not a put: it keeps the uploads recorded meanwhile
              await patchQueued(item, (stored) => ({ ...stored, state: "refused", reason: outcome.reason }));
            else {
              // Later ones wait behind it: captures reach the server in the order they were written.
              failures.current += 1;
              if (!disposed.current)
                timer.current = setTimeout(
                  () => void flush(),
                  Math.max(retryDelay(failures.current), outcome.retryAfterMs ?? 0),
                );
              void requestBackgroundSync();
              break;
            }
          }
        }
      } finally {
        running.current = null;
        setSyncing(false);
        await reload();
      }
      if (again.current && !disposed.current) {
        again.current = false;
        await flush();
      }
    })();
    return running.current;
  }, [userId, reload, annotationsOnly]);

  React.useEffect(() => {
    disposed.current = false;
    const token = tokenStore.getToken();
    if (userId && token) void rememberSession(userId, token).catch(() => undefined);
    void reload();
    void flush();
    return () => {
      disposed.current = true;
      clearTimeout(timer.current);
    };
  }, [userId, reload, flush]);

  React.useEffect(() => {
    if (online) void flush();
  }, [online, flush]);

  // stable between renders, as the state was: screens key effects on them
  const items = React.useMemo(() => all.filter((item) => !isAnnotation(item)), [all]);
  const annotations = React.useMemo(() => all.filter(isAnnotation), [all]);
  return {
    items,
    /** 批注 waiting to be sent, oldest first. */
    annotations,
    syncing,
    online,
    /**
     * Queues the text and its files (durably) and tries to send them; rejects only when they could
     * not be kept: QueueFullError (its message says why) when this device holds too much already.
     */
    capture: async (
      content: string,
      { aiExcluded = false, files = [] }: { aiExcluded?: boolean; files?: QueuedFile[] } = {},
    ) => {
      if (!userId) throw new Error("not signed in");
      const item: QueuedCapture = {
        userId,
        clientId: crypto.randomUUID(),
        content,
        ...(aiExcluded ? { aiExcluded } : {}),
        ...(files.length ? { files } : {}),
        capturedAt: new Date().toISOString(),
        state: "pending",
      };
      try {
        const full = queueFullReason(await queuedOnDevice(), item);
        if (full) throw new QueueFullError(full);
        await putQueued(item);
      } catch (error) {
        if (error instanceof QueueFullError) throw error;
        // No IndexedDB here (blocked storage): send it directly; a failure puts it back in the box.
        saved.current((await sendQueued(item, { keep: false }))!);
        return;
      }
      await reload().catch(() => undefined);
      void flush();
    },
    syncNow: () => void flush(),
    retry: async (clientId: string) => {
      const item = all.find((i) => i.clientId === clientId);
      if (item) await patchQueued(item, (stored) => ({ ...stored, state: "pending", reason: undefined }));
      // shown as 待同步 (without 重试 and 删除) while it is being sent
      await reload();
      await flush();
    },
    remove: async (clientId: string) => {
      const item = all.find((i) => i.clientId === clientId);
      // a send under way may be sending this one: dropped after it, not in the middle of it
      await running.current?.catch(() => undefined);
      if (item) await dropQueued(item);
      await reload();
    },
  };
}
