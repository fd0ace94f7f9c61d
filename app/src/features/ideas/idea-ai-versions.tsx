import type { Idea } from "@shinian/contract";
import { Alert, IdeaVersionHistory } from "@shinian/ui";
import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { applyVersion, tidyIdea } from "../../api/ai.ts";
import { errorMessage, isApiError } from "../../api/client.ts";
import { ideaVersionsQuery } from "../../data/items.ts";
import { queryClient } from "../../data/query-client.ts";
import { usePendingIdeas } from "../../hooks/use-pending-ideas.ts";
import { useAiInfo } from "../chat/use-ai-info.ts";

/**
 * AI 整理 of one idea: tidy on demand (its cost shown on the button), the versions kept so far,
 * and 采用此版本 to go back to any of them. The original words are never touched.
 */
export function IdeaAiVersions({ idea, onIdeaChange }: { idea: Idea; onIdeaChange: (idea: Idea) => void }) {
  const { info } = useAiInfo();
  const versions = useQuery(ideaVersionsQuery(idea.id)).data ?? null;
  const [tidying, setTidying] = React.useState(false);
  const [localMode, setLocalMode] = React.useState(false);
  const [message, setMessage] = React.useState<{ tone: "success" | "error"; text: string } | null>(null);

  const pending = idea.aiStatus === "pending";
  const refreshVersions = React.useCallback(
    () => queryClient.invalidateQueries({ queryKey: ideaVersionsQuery(idea.id).queryKey }),
    [idea.id],
  );
  usePendingIdeas(pending ? [idea.id] : [], (fresh) => {
    onIdeaChange(fresh);
    void refreshVersions();
  });

  const run = async (action: () => Promise<{ idea: Idea; note: string }>) => {
    setMessage(null);
    try {
      const { idea: next, note } = await action();
      onIdeaChange(next);
      setMessage({ tone: "success", text: note });
      void refreshVersions();
    } catch (e) {
      // 本地模式 now (the server restarted without AI): the button says why and stays off
      if (isApiError(e) && (e.data as { code?: unknown } | null)?.code === "AI_NOT_CONFIGURED")
        setLocalMode(true);
      setMessage({ tone: "error", text: errorMessage(e, "操作失败") });
    }
  };

  const tidy = async () => {
    setTidying(true);
    await run(async () => {
      const result = await tidyIdea(idea.id);
      return {
        idea: result.idea,
        note: result.applied
          ? `已整理，消耗 ${result.version.points} 点`
          : "已整理；你刚修改过这条想法，新版本可在下方采用",
      };
    });
    setTidying(false);
  };

  const hint = idea.aiExcluded
    ? "这条想法设置了不让AI读取，无法 AI 整理"
    : localMode || (info && !info.tidyAvailable)
      ? "本地模式下无法 AI 整理：服务器还没有配置 AI 服务"
      : undefined;

  return (
    <div className="flex flex-col gap-3">
      <IdeaVersionHistory
        versions={versions?.versions ?? []}
        currentVersionId={versions?.currentVersionId ?? null}
        onTidy={() => void tidy()}
        onApply={(versionId) =>
          void run(async () => ({ idea: await applyVersion(idea.id, versionId), note: "已采用此版本" }))
        }
        tidying={tidying || pending}
        disabled={Boolean(hint) || !info}
        hint={hint}
        tidyCostLabel={info?.tidyAvailable ? `消耗 ${info.costs.tidyIdea} 点` : undefined}
      />
      {message ? <Alert tone={message.tone} description={message.text} /> : null}
    </div>
  );
}
