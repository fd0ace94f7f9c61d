import { Alert, EmptyState, PageLoading, TwoPaneLayout, useMarkdownReady } from "@shinian/ui";
import { getRouteApi, useLocation } from "@tanstack/react-router";
import * as React from "react";
import type { LoadedItem } from "../../data/items.ts";
import { readDraft } from "../../lib/draft.ts";
import { AppShell } from "../layout/app-shell.tsx";
import { ItemEditor } from "./item-editor.tsx";
import { ItemReading } from "./item-reading.tsx";
import { ItemSidePane } from "./item-side-pane.tsx";
import type { ItemMessage } from "./item-toggles.tsx";
import { useItem } from "./use-item.ts";

const ideaRoute = getRouteApi("/_authenticated/_data/ideas/$id/");
const noteRoute = getRouteApi("/_authenticated/_data/notes/$id");

export function IdeaDetailScreen() {
  const { id } = ideaRoute.useParams();
  // keyed: another item (a link in 相关内容) starts afresh, not in the last one's form or message
  return <ItemDetail key={id} kind="idea" id={id} />;
}

// 历史版本 (/notes/{id}#history) and its diff library come when opened, never with the note or 首页.
const NoteHistoryScreen = React.lazy(() => import("./note-history-screen.tsx"));

export function NoteDetailScreen() {
  const { id } = noteRoute.useParams();
  // #history, not a route or a search of its own: either would weigh on 首页's first chunks
  const history = useLocation({ select: (location) => location.hash === "history" });
  return history ? (
    <React.Suspense fallback={<PageLoading />}>
      <NoteHistoryScreen id={id} />
    </React.Suspense>
  ) : (
    <ItemDetail key={id} kind="note" id={id} />
  );
}

/** Something typed in this item's form and not saved (a draft survives a reload): the form opens again. */
const hasDraft = (kind: "idea" | "note", id: string) =>
  ["", ":title", ":tags"].some((part) => readDraft(`${kind}:${id}${part}`) !== "");

/** /ideas/{id} and /notes/{id}: one two-pane screen (the item beside its AI chat), the item read first, edited on 编辑. */
function ItemDetail({ kind, id }: { kind: "idea" | "note"; id: string }) {
  const { data, error, offline, set } = useItem(kind, id);
  // Markdown's parser is a chunk of its own: it loads beside the item and the screen waits for
  // both, so no text jumps when it lands.
  const markdownReady = useMarkdownReady();
  // null: not chosen yet; the form opens by itself on a draft, or on a note with nothing to read (新建笔记)
  const [chosen, setEditing] = React.useState<boolean | null>(() => (hasDraft(kind, id) ? true : null));
  const editing = chosen ?? (data?.kind === "note" && data.item.content === "");
  const [message, setMessage] = React.useState<ItemMessage | null>(null);
  // A version taken from a conflict, 恢复原文 or 采用此版本 replaces the text: the form starts again from it.
  const [revision, setRevision] = React.useState(0);
  const replace = React.useCallback(
    (loaded: LoadedItem) => {
      set(loaded);
      setRevision((r) => r + 1);
    },
    [set],
  );
  return (
    <AppShell backHome>
      {error ? (
        <div className="p-10">
          <EmptyState title={kind === "idea" ? "想法不存在" : "笔记不存在"} description={error} />
        </div>
      ) : data && markdownReady ? (
        <TwoPaneLayout
          leftLabel={kind === "idea" ? "想法" : "笔记"}
          left={
            <>
              {offline ? (
                <div className="px-4 pt-4 md:px-6 md:pt-6">
                  <Alert
                    tone="warning"
                    title="离线"
                    description="这是最近一次打开时的内容，联网后才能编辑。"
                  />
                </div>
              ) : null}
              {editing && !offline ? (
                <ItemEditor
                  key={`${data.item.id}:${revision}`}
                  loaded={data}
                  onSaved={(saved, said) => {
                    set(saved);
                    setMessage(said);
                    setEditing(false);
                  }}
                  onReplaced={replace}
                  onClose={() => setEditing(false)}
                />
              ) : (
                <ItemReading
                  loaded={data}
                  offline={offline}
                  onEdit={() => {
                    setMessage(null);
                    setEditing(true);
                  }}
                  onSaved={set}
                  onReplaced={replace}
                  message={message}
                  onMessage={setMessage}
                />
              )}
            </>
          }
          right={<ItemSidePane loaded={data} offline={offline} />}
        />
      ) : (
        <PageLoading />
      )}
    </AppShell>
  );
}
