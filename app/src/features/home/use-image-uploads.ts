import { IDEA_MAX_IMAGES } from "@shinian/contract/constants";
import type { ImageUploadState } from "@shinian/ui";
import * as React from "react";
import { errorMessage, isAbortError } from "../../api/client.ts";
import { useOnline } from "../../hooks/use-online.ts";
import type { QueuedFile } from "../capture-queue/queue-store.ts";
import { outcomeOf } from "../capture-queue/send-outcome.ts";

export type ImageUpload = {
  key: string;
  name: string;
  file: File;
  /** An object URL of the picked file: the chip shows it before the server has answered. */
  preview: string;
  state: ImageUploadState;
  progress: number;
  error?: string;
  attachmentId?: string;
};

/**
 * What the idea is saved with, in order: uploaded pictures by id, `queued` ones as their bytes.
 * An uploaded one keeps its bytes too until the idea is saved: should the save wait past
 * `attachments.graceMs`, the server has swept the upload and the queue makes it again from them.
 */
export const filesOf = (held: ImageUpload[]): QueuedFile[] =>
  held.flatMap((u): QueuedFile[] =>
    u.state === "done" || u.state === "queued"
      ? [
          {
            key: u.key,
            kind: "image",
            name: u.name,
            contentType: u.file.type,
            size: u.file.size,
            blob: u.file,
            ...(u.state === "done" && u.attachmentId ? { attachmentId: u.attachmentId } : {}),
          },
        ]
      : [],
  );

/**
 * The pictures being added to the idea in the composer: each uploads at once (so saving is quick),
 * with its progress, and can be cancelled or removed. At most IDEA_MAX_IMAGES are kept.
 * Offline, or when the upload fails on the network, a 5xx, a 429 or a 401, a picture is `queued`:
 * saved with the idea in the offline queue, it uploads when the connection returns (or at once
 * here, if it returns before the idea is saved).
 */
/** `what`: what the pictures are for, in the refusal (每条想法, 每条批注). */
export function useImageUploads(what = "每条想法") {
  const [uploads, setUploads] = React.useState<ImageUpload[]>([]);
  const [refusal, setRefusal] = React.useState<string | null>(null);
  const current = React.useRef<ImageUpload[]>([]);
  current.current = uploads;
  const aborts = React.useRef(new Map<string, AbortController>());
  const online = useOnline();

  const patch = (key: string, change: Partial<ImageUpload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const start = (key: string, file: File) => {
    const abort = new AbortController();
    aborts.current.set(key, abort);
    patch(key, { state: "uploading", progress: 0 });
    import("../../api/attachments.ts")
      .then((m) =>
        m.uploadAttachment(file, {
          signal: abort.signal,
          onProgress: (progress) => patch(key, { progress }),
        }),
      )
      .then((attachment) => patch(key, { state: "done", progress: 100, attachmentId: attachment.id }))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        if (outcomeOf(error).kind === "wait") patch(key, { state: "queued", progress: 0 });
        else patch(key, { state: "error", error: errorMessage(error, "图片上传失败") });
      })
      .finally(() => aborts.current.delete(key));
  };

  const add = (files: File[]) => {
    const room = IDEA_MAX_IMAGES - current.current.length;
    setRefusal(files.length > room ? `${what}最多 ${IDEA_MAX_IMAGES} 张图片` : null);
    const offline = !navigator.onLine;
    const taken = files.slice(0, Math.max(0, room)).map(
      (file): ImageUpload => ({
        key: crypto.randomUUID(),
        name: file.name || "图片",
        file,
        preview: URL.createObjectURL(file),
        state: offline ? "queued" : "uploading",
        progress: 0,
      }),
    );
    if (!taken.length) return;
    current.current = [...current.current, ...taken];
    setUploads(current.current);
    if (!offline) for (const { key, file } of taken) start(key, file);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the connection returns
  React.useEffect(() => {
    if (online) for (const u of current.current) if (u.state === "queued") start(u.key, u.file);
  }, [online]);

  const remove = (key: string) => {
    aborts.current.get(key)?.abort();
    const gone = current.current.find((u) => u.key === key);
    if (gone) URL.revokeObjectURL(gone.preview);
    current.current = current.current.filter((u) => u.key !== key);
    setUploads(current.current);
    setRefusal(null);
  };

  /** Empties the row (the idea is being saved), handing back what it held so a failed save can put it back. */
  const take = () => {
    const held = current.current;
    current.current = [];
    setUploads([]);
    setRefusal(null);
    return held;
  };
  const putBack = (held: ImageUpload[]) => {
    current.current = [...held, ...current.current].slice(0, IDEA_MAX_IMAGES);
    setUploads(current.current);
  };
  const release = (held: ImageUpload[]) => {
    for (const u of held) URL.revokeObjectURL(u.preview);
  };

  React.useEffect(
    () => () => {
      for (const abort of aborts.current.values()) abort.abort();
      for (const u of current.current) URL.revokeObjectURL(u.preview);
    },
    [],
  );

  const failed = uploads.find((u) => u.state === "error");
  return {
    uploads,
    add,
    remove,
    take,
    putBack,
    release,
    uploading: uploads.some((u) => u.state === "uploading"),
    error: refusal ?? (failed ? `${failed.name}：${failed.error}` : null),
  };
}
