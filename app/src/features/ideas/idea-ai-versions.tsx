import type { AiInfo, Idea, IdeaVersions as Versions } from "@shinian/contract";
import { Alert, IdeaVersions } from "@shinian/ui";
import * as React from "react";
import { applyVersion, fetchAiInfo, fetchVersions, tidyIdea } from "../../api/ai.ts";
import { isApiError } from "../../api/client.ts";
import { fetchIdea } from "../../api/items.ts";
import { PENDING_POLL_MS } from "../../lib/ai-pending.ts";

/**
 * AI 整理 of one idea: tidy on demand (its cost shown on the button), the versions kept so far,
 * and 采用此版本 to go back to any of them. The original words are never touched.
 */
export function IdeaAiVersions({ idea, onIdeaChange }: { idea: Idea; onIdeaChange: (idea: Idea) => void }) {
  const [info, setInfo] = React.useState<AiInfo | null>(null);
  const [versions, setVersions] = React.useState<Versions | null>(null);
  const [tidying, setTidying] = React.useState(false);
  const [message, setMessage] = React.useState<{ tone: "success" | "error"; text: string } | null>(null);

  React.useEffect(() => {
    fetchAiInfo().then(setInfo, () => {});
    fetchVersions(idea.id).then(setVersions, () => {});
  }, [idea.id]);

  // 自动整理 runs on the server right after capture: show its result when it lands
  const pending = idea.aiStatus === "pending";
  React.useEffect(() => {
    if (!pending) return;
    const timer = setInterval(async () => {
      const fresh = await fetchIdea(idea.id).catch(() => null);
      if (fresh && fresh.aiStatus !== "pending") {
        setVersions(await fetchVersions(idea.id).catch(() => null));
        onIdeaChange(fresh);
      }
    }, PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, idea.id, onIdeaChange]);

  const run = async (action: () => Promise<{ idea: Idea; note: string }>) => {
    setMessage(null);
    try {
      const { idea: next, note } = await action();
      setVersions(await fetchVersions(idea.id));
      setMessage({ tone: "success", text: note });
      onIdeaChange(next);
    } catch (e) {
      setMessage({ tone: "error", text: isApiError(e) ? e.message : "操作失败" });
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
    : info && !info.tidyAvailable
      ? "本地模式下无法 AI 整理：服务器还没有配置 AI 服务"
      : undefined;

  return (
    <div className="flex flex-col gap-3">
      <IdeaVersions
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
