import type { ImageUploadState } from "@shinian/ui";
import * as React from "react";
import { errorMessage, isAbortError } from "../../api/client.ts";

export type NoteImageUpload = {
  key: string;
  name: string;
  /** An object URL of the picked file, shown while it uploads. */
  preview: string;
  state: Extract<ImageUploadState, "uploading" | "error">;
  progress: number;
  error?: string;
};

/** `![名字](attachment:{id})`: the name cannot end the alt text early or break the line. */
export const imageMarkdown = (name: string, id: string) =>
  `![${name.replace(/[[\]\\\r\n]/g, "").trim() || "图片"}](attachment:${id})`;

/**
 * Pictures being added to a note's Markdown: each uploads at once with its progress (cancel takes
 * it off); once stored, its reference goes in with `insert` and the chip goes. `uploaded` holds the
 * URLs of those stored since the note was opened, so the preview shows them before it is saved.
 */
export function useNoteImages(insert: (markdown: string) => void) {
  const [uploads, setUploads] = React.useState<NoteImageUpload[]>([]);
  const [uploaded, setUploaded] = React.useState<Record<string, string>>({});
  const aborts = React.useRef(new Map<string, AbortController>());
  const previews = React.useRef(new Map<string, string>());
  const insertRef = React.useRef(insert);
  insertRef.current = insert;

  const drop = (key: string) => {
    const preview = previews.current.get(key);
    if (preview) URL.revokeObjectURL(preview);
    previews.current.delete(key);
    setUploads((list) => list.filter((u) => u.key !== key));
  };
  const patch = (key: string, change: Partial<NoteImageUpload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const add = (files: File[]) => {
    for (const file of files) {
      const key = crypto.randomUUID();
      const name = file.name || "图片";
      const preview = URL.createObjectURL(file);
      previews.current.set(key, preview);
      setUploads((list) => [...list, { key, name, preview, state: "uploading", progress: 0 }]);
      const abort = new AbortController();
      aborts.current.set(key, abort);
      // the uploader brings the contract's schemas (zod): loaded with the first picture, not the page
      import("../../api/attachments.ts")
        .then(({ uploadAttachment }) =>
          uploadAttachment(file, {
            signal: abort.signal,
            onProgress: (progress) => patch(key, { progress }),
          }),
        )
        .then((attachment) => {
          setUploaded((urls) => ({ ...urls, [attachment.id]: attachment.url }));
          insertRef.current(imageMarkdown(name, attachment.id));
          drop(key);
        })
        .catch((error: unknown) => {
          if (!isAbortError(error))
            patch(key, { state: "error", error: errorMessage(error, "图片上传失败") });
        })
        .finally(() => aborts.current.delete(key));
    }
  };

  const remove = (key: string) => {
    aborts.current.get(key)?.abort();
    drop(key);
  };

  React.useEffect(
    () => () => {
      for (const abort of aborts.current.values()) abort.abort();
      for (const preview of previews.current.values()) URL.revokeObjectURL(preview);
    },
    [],
  );

  const failed = uploads.find((u) => u.state === "error");
  return {
    uploads,
    uploaded,
    add,
    remove,
    uploading: uploads.some((u) => u.state === "uploading"),
    error: failed ? `${failed.name}：${failed.error}` : null,
  };
}
