import type { Idea, Note } from "@shinian/contract";
import * as React from "react";
import { isApiError } from "../../api/client.ts";
import { fetchIdea, fetchNote } from "../../api/items.ts";

export type ItemKind = "idea" | "note";
export type LoadedItem = { kind: "idea"; item: Idea } | { kind: "note"; item: Note };

export function useItem(kind: ItemKind, id: string) {
  const [state, setState] = React.useState<{ data: LoadedItem | null; error: string | null }>({
    data: null,
    error: null,
  });
  React.useEffect(() => {
    let live = true;
    setState({ data: null, error: null });
    const load: Promise<LoadedItem> =
      kind === "idea"
        ? fetchIdea(id).then((item) => ({ kind: "idea", item }))
        : fetchNote(id).then((item) => ({ kind: "note", item }));
    load.then(
      (data) => live && setState({ data, error: null }),
      (e) => live && setState({ data: null, error: isApiError(e) ? e.message : "加载失败" }),
    );
    return () => {
      live = false;
    };
  }, [kind, id]);
  const set = React.useCallback((data: LoadedItem) => setState({ data, error: null }), []);
  return { ...state, set };
}
