import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { type ItemKind, itemQuery, type LoadedItem } from "../../data/items.ts";
import { queryClient } from "../../data/query-client.ts";
import { useOnline } from "../../hooks/use-online.ts";

/** One idea or note from the query cache; offline, the copy kept when it was last opened (read-only: `offline`). */
export function useItem(kind: ItemKind, id: string) {
  const query = useQuery(itemQuery(kind, id));
  // Back online, a kept copy is read again (and becomes editable). Query's own refetch on
  // reconnect misses a page that was opened offline: it starts out believing it is online.
  const online = useOnline();
  const offline = Boolean(query.data?.offline);
  const { refetch } = query;
  React.useEffect(() => {
    if (online && offline) void refetch();
  }, [online, offline, refetch]);
  const set = React.useCallback(
    (data: LoadedItem) => queryClient.setQueryData(itemQuery(kind, id).queryKey, data),
    [kind, id],
  );
  // A failed re-read behind the scenes keeps what is shown; the error shows only when nothing is.
  const error = query.data || !query.error ? null : errorMessage(query.error, "加载失败");
  return { data: query.data ?? null, error, offline, set };
}
