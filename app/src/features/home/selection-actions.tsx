import type { FeedItem } from "@shinian/contract";
import { MAX_COMPOSE_IDEAS } from "@shinian/contract/constants";
import { isTypeableTag, MAX_TAG_LENGTH } from "@shinian/contract/tags";
import { ConfirmDialog, SelectionBar, type SelectionBusy } from "@shinian/ui";
import { useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { composeNote } from "../../api/ai.ts";
import { errorMessage } from "../../api/client.ts";
import { itemsChanged } from "../../lib/items-changed.ts";
import { toaster } from "../../lib/toaster.ts";
import { useAiInfo } from "../chat/use-ai-info.ts";
import { preloadToastView } from "../layout/toaster-host.tsx";
import { deleteWithUndo } from "../trash/delete-with-undo.ts";
import { editTagWithUndo } from "./batch-tags.ts";
import { chosenFull } from "./feed-choice.tsx";

// one chunk for 多选: its cards' boxes come with its bar
export { ChoosableFeedList } from "./feed-choice.tsx";

import { useTags } from "./use-tags.ts";

const validateTag = (tag: string) =>
  isTypeableTag(tag)
    ? null
    : `标签只能含文字和数字，用 / 分级，每级之间不能为空，最多 ${MAX_TAG_LENGTH} 个字`;

/** Why 整理成笔记 cannot take this choice, said in the bar before anything is sent (null: it can). */
export const whyNotCompose = (chosen: readonly FeedItem[]) =>
  chosen.some((item) => item.type === "note")
    ? "只有想法能整理成笔记，已选的里面有笔记"
    : chosen.some((item) => item.type === "idea" && item.aiExcluded)
      ? "已选的想法里有不让AI读取的，不能整理"
      : chosen.length > MAX_COMPOSE_IDEAS
        ? `一次最多整理 ${MAX_COMPOSE_IDEAS} 条想法，已选 ${chosen.length} 条`
        : null;

/**
 * 首页's multi-select (loaded when it starts): 删除, 加标签, 去标签 and 整理成笔记 for every chosen
 * item at once, each with 撤销 in a toast.
 */
export function SelectionActions({ chosen, onDone }: { chosen: FeedItem[]; onDone: () => void }) {
  const navigate = useNavigate();
  const { info } = useAiInfo();
  const { tags } = useTags(0);
  const [busy, setBusy] = React.useState<SelectionBusy | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [confirming, setConfirming] = React.useState(false);
  // 取消 stops a batch that is still going: the items it has not reached stay as they are
  const running = React.useRef<AbortController | null>(null);
  // after 取消 the bar is gone: a batch ending then must not clear a newer choice or take focus
  const gone = React.useRef(false);
  React.useEffect(() => {
    gone.current = false;
    return () => {
      gone.current = true;
      running.current?.abort();
    };
  }, []);

  const run = async (kind: SelectionBusy, work: () => Promise<string | null>) => {
    setBusy(kind);
    setError(null);
    try {
      const problem = await work();
      if (gone.current || running.current?.signal.aborted) return;
      if (problem) setError(problem);
      else onDone();
    } catch (e) {
      if (!gone.current) setError(errorMessage(e, "操作失败"));
    } finally {
      if (!gone.current) setBusy(null);
    }
  };
  const editTag = (tag: string, mode: "add" | "remove") =>
    void run(mode === "add" ? "add-tag" : "remove-tag", async () => {
      running.current = new AbortController();
      const result = await editTagWithUndo(chosen, tag, mode, running.current.signal);
      return result.failed ? `${result.failed} 条未能修改：${result.error}` : null;
    });

  const compose = () =>
    void run("compose", async () => {
      preloadToastView();
      const { note } = await composeNote(chosen.map((item) => item.id));
      await navigate({ to: "/notes/$id", params: { id: note.id } });
      // the ideas stay as they were: 撤销 takes the new note to 回收站 (itself restorable)
      toaster.show({
        message: `已把 ${chosen.length} 条想法整理成笔记`,
        action: {
          label: "撤销",
          run: () =>
            void deleteWithUndo([{ kind: "note", id: note.id }])
              .then(() => navigate({ to: "/" }))
              .catch((e) => toaster.show({ tone: "error", message: errorMessage(e, "撤销失败") })),
        },
      });
      return null;
    });

  const composeBlocked = whyNotCompose(chosen);
  const cost = !info
    ? undefined
    : info.mode === "offline"
      ? "整理成笔记：本地模式，按原文汇编，不消耗点数"
      : `整理成笔记：AI 整理，消耗 ${info.costs.composeNote} 点`;
  const chosenTags = [...new Set(chosen.flatMap((item) => item.tags))];

  return (
    <>
      <SelectionBar
        count={chosen.length}
        full={chosenFull(chosen.length)}
        chosenTags={chosenTags}
        suggestedTags={(tags ?? []).slice(0, 8).map((t) => t.name)}
        validateTag={validateTag}
        onCancel={onDone}
        onDelete={() => setConfirming(true)}
        onAddTag={(tag) => editTag(tag, "add")}
        onRemoveTag={(tag) => editTag(tag, "remove")}
        onCompose={compose}
        composeBlocked={chosen.length ? composeBlocked : null}
        composeNote={cost}
        busy={busy}
        error={error}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`删除选中的 ${chosen.length} 条内容？`}
        description="将移到回收站，之后可以撤销，或在回收站里恢复。"
        confirmLabel="删除"
        tone="danger"
        onConfirm={() =>
          run("delete", async () => {
            try {
              await deleteWithUndo(chosen.map((item) => ({ kind: item.type, id: item.id })));
            } finally {
              itemsChanged.emit(); // the list drops what went, also when only some did
            }
            return null;
          })
        }
      />
    </>
  );
}
