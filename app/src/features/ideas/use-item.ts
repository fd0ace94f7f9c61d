import type { Idea, Note } from "@shinian/contract";
import * as React from "react";
import { errorMessage, isNoResponse } from "../../api/client.ts";
import { fetchIdea, fetchNote } from "../../api/items.ts";
import { useAuth } from "../../auth/auth-context.tsx";
import { useOnline } from "../../hooks/use-online.ts";
import { keepItem, readItem } from "../../lib/offline-copies.ts";

export type ItemKind = "idea" | "note";
export type LoadedItem = { kind: "idea"; item: Idea } | { kind: "note"; item: Note };

type ItemState = { data: LoadedItem | null; error: string | null; offline?: boolean };

/** One idea or note; offline, the copy kept when it was last opened (read-only: `offline`). */
export function useItem(kind: ItemKind, id: string) {
  const userId = useAuth().user?.id;
  const [state, setState] = React.useState<ItemState>({ data: null, error: null });
  // A kept copy is shown offline; back online, the item is read again (and becomes editable).
  const online = useOnline();
  const [attempt, setAttempt] = React.useState(0);
  React.useEffect(() => {
    if (online && state.offline) setAttempt((n) => n + 1);
  }, [online, state.offline]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger, not read
  React.useEffect(() => {
    let live = true;
    setState({ data: null, error: null });
    const load: Promise<LoadedItem> =
      kind === "idea"
        ? fetchIdea(id).then((item) => ({ kind: "idea", item }))
        : fetchNote(id).then((item) => ({ kind: "note", item }));
    load.then(
      (data) => {
        if (!live) return;
        setState({ data, error: null });
        if (userId) void keepItem(userId, data).catch(() => undefined);
      },
      async (e) => {
        const kept =
          userId && isNoResponse(e)
            ? await readItem<LoadedItem>(userId, kind, id).catch(() => undefined)
            : undefined;
        if (!live) return;
        setState(
          kept
            ? { data: kept, error: null, offline: true }
            : { data: null, error: errorMessage(e, "加载失败") },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [kind, id, userId, attempt]);
  const set = React.useCallback((data: LoadedItem) => setState({ data, error: null }), []);
  return { ...state, set };
}
