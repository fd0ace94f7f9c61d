import type { Idea } from "@shinian/contract";
import { attachmentRefs } from "@shinian/contract/attachment-refs";
import { Alert, ConfirmDialog, ItemReader } from "@shinian/ui";
import { useNavigate, useRouter } from "@tanstack/react-router";
import * as React from "react";
import { restoreOriginal } from "../../api/ai.ts";
import { errorMessage, isApiError } from "../../api/client.ts";
import { ideaVersionsQuery, type LoadedItem } from "../../data/items.ts";
import { queryClient } from "../../data/query-client.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { plainTitle } from "../../lib/markdown-text.ts";
import { deleteWithUndo } from "../trash/delete-with-undo.ts";
import { IdeaAiVersions } from "./idea-ai-versions.tsx";
import { IdeaAnnotations } from "./idea-annotations.tsx";
import { IdeaAttachments } from "./idea-attachments.tsx";
import { type ItemMessage, ItemToggles } from "./item-toggles.tsx";
import { readableText } from "./readable-text.ts";

// 被引用 comes beside the item, not with the page's first chunk.
const ItemBacklinks = React.lazy(() => import("../links/item-backlinks.tsx"));

// The card's drawing and dialog come when 分享卡片 is chosen, not with the page.
const ShareCardDialog = React.lazy(() => import("./share-card-dialog.tsx"));

/**
 * Whether the page was reached inside the app (the router numbers its history entries; 0 is the
 * first of this tab: a link from outside, a new tab, the installed app's start), so that 返回 can
 * go back there, search and tag views included. As useCanGoBack reads it, without its code.
 */
const cameFromTheApp = (router: ReturnType<typeof useRouter>) =>
  ((router.history.location.state as { __TSR_index?: number }).__TSR_index ?? 0) > 0;

type ItemReadingProps = {
  loaded: LoadedItem;
  /** Offline: the copy kept on this device, read only. */
  offline: boolean;
  onEdit: () => void;
  /** A toggle saved: only the data changes. */
  onSaved: (saved: LoadedItem) => void;
  /** Another version of the words replaces these (恢复原文, 采用此版本, a tidy landing). */
  onReplaced: (other: LoadedItem) => void;
  message: ItemMessage | null;
  onMessage: (message: ItemMessage | null) => void;
};

/** The item as text first: 编辑 opens the form; the switches save when tapped; 删除 in the menu. */
export function ItemReading({
  loaded,
  offline,
  onEdit,
  onSaved,
  onReplaced,
  message,
  onMessage,
}: ItemReadingProps) {
  const { kind, item } = loaded;
  const navigate = useNavigate();
  const router = useRouter();
  const [confirming, setConfirming] = React.useState(false);
  const [restoring, setRestoring] = React.useState(false);
  const [sharing, setSharing] = React.useState(false);
  const noun = kind === "idea" ? "想法" : "笔记";
  const inline = React.useMemo(
    () => new Set(kind === "note" ? attachmentRefs(item.content) : []),
    [kind, item.content],
  );
  const images = React.useMemo(
    () => Object.fromEntries((item.attachments ?? []).map((a) => [a.id, a.url])),
    [item.attachments],
  );
  const looseFiles = (item.attachments ?? []).filter((a) => !inline.has(a.id));

  const restore = async () => {
    setRestoring(true);
    onMessage(null);
    try {
      onReplaced({ kind: "idea", item: await restoreOriginal(item.id, item.updatedAt) });
      onMessage({ tone: "success", text: "已恢复原文；AI 整理的版本仍在下方，可以再次采用" });
    } catch (e) {
      // Changed elsewhere meanwhile (409): what was saved there is shown, and nothing is restored
      // over it unseen; 恢复原文 can be pressed again on it.
      const conflict = isApiError(e) && e.status === 409 ? e : null;
      const current = (conflict?.data as { data?: Idea } | null)?.data;
      if (conflict && current) {
        onReplaced({ kind: "idea", item: current });
        onMessage({
          tone: "error",
          text: `${conflict.message}，现在显示的是最新内容；仍要恢复原文请再点一次`,
        });
      } else onMessage({ tone: "error", text: errorMessage(e, "恢复失败") });
    } finally {
      setRestoring(false);
      // the version marked current (none after 恢复原文) is the server's to say
      void queryClient.invalidateQueries({ queryKey: ideaVersionsQuery(item.id).queryKey });
    }
  };

  return (
    <>
      <ItemReader
        noun={noun}
        title={item.title}
        date={formatDateTime(item.createdAt).slice(0, 16)}
        dateTime={item.createdAt}
        tags={item.tags}
        onTagClick={(tag) => void navigate({ to: "/", search: { tag } })}
        source={readableText(
          kind,
          item.content || (loaded.kind === "idea" ? loaded.item.originalContent : ""),
        )}
        images={images}
        media={
          looseFiles.length ? (
            <IdeaAttachments
              attachments={looseFiles}
              size="full"
              label={`${noun}的图片`}
              item={{ type: kind, id: item.id }}
            />
          ) : null
        }
        tidied={loaded.kind === "idea" && loaded.item.tidied === true}
        onRestoreOriginal={offline ? undefined : () => void restore()}
        restoring={restoring}
        toggles={offline ? null : <ItemToggles loaded={loaded} onSaved={onSaved} onMessage={onMessage} />}
        notice={message ? <Alert tone={message.tone} description={message.text} /> : null}
        footer={
          <>
            {/* offline too: a 批注 is queued like a capture */}
            {loaded.kind === "idea" ? (
              <IdeaAnnotations
                ideaId={item.id}
                ideaTitle={item.title || plainTitle(item.content, 20)}
                aiExcluded={loaded.item.aiExcluded}
              />
            ) : null}
            {offline ? null : (
              <>
                {loaded.kind === "idea" ? (
                  <IdeaAiVersions
                    idea={loaded.item}
                    onIdeaChange={(idea) => onReplaced({ kind: "idea", item: idea })}
                  />
                ) : null}
                <React.Suspense fallback={null}>
                  <ItemBacklinks type={kind} id={item.id} />
                </React.Suspense>
              </>
            )}
          </>
        }
        readOnly={offline}
        onBack={() => (cameFromTheApp(router) ? router.history.back() : void navigate({ to: "/" }))}
        onEdit={onEdit}
        onDelete={() => setConfirming(true)}
        onShare={() => setSharing(true)}
        onViewOriginal={
          kind === "idea"
            ? () =>
                void navigate({
                  to: "/ideas/$id/original",
                  params: { id: item.id },
                  state: (state) => ({ ...state, fromIdea: true }),
                })
            : undefined
        }
        onViewHistory={
          kind === "note" && !offline
            ? () =>
                void navigate({
                  to: "/notes/$id",
                  params: { id: item.id },
                  hash: "history",
                  state: (state) => ({ ...state, fromNote: true }),
                })
            : undefined
        }
      />
      {sharing ? (
        <React.Suspense fallback={null}>
          <ShareCardDialog loaded={loaded} onClose={() => setSharing(false)} />
        </React.Suspense>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`删除这个${noun}？`}
        description="将移到回收站，之后可以撤销，或在回收站里恢复。"
        confirmLabel="删除"
        tone="danger"
        onConfirm={async () => {
          try {
            await deleteWithUndo([{ kind, id: item.id }]);
          } catch (e) {
            onMessage({ tone: "error", text: errorMessage(e, "删除失败") });
            return;
          }
          await navigate({ to: "/", replace: true });
        }}
      />
    </>
  );
}
