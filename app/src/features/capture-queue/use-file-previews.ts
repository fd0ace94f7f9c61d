import * as React from "react";
import type { QueuedCapture } from "./queue-store.ts";

/**
 * Object URLs of the queued captures' files, by file key, for the feed to show them: made once per
 * file, revoked when it leaves the queue (saved, deleted) and when the screen closes.
 */
export function useFilePreviews(items: readonly QueuedCapture[]): ReadonlyMap<string, string> {
  const made = React.useRef(new Map<string, string>());
  const [urls, setUrls] = React.useState<ReadonlyMap<string, string>>(made.current);

  React.useEffect(() => {
    const next = new Map<string, string>();
    for (const item of items)
      for (const file of item.files ?? [])
        if (file.blob) next.set(file.key, made.current.get(file.key) ?? URL.createObjectURL(file.blob));
    for (const [key, url] of made.current) if (!next.has(key)) URL.revokeObjectURL(url);
    made.current = next;
    setUrls(next);
  }, [items]);

  React.useEffect(
    () => () => {
      for (const url of made.current.values()) URL.revokeObjectURL(url);
      made.current = new Map();
    },
    [],
  );
  return urls;
}
