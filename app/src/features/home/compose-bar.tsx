import { Alert, Button } from "@shinian/ui";
import { useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { composeNote } from "../../api/ai.ts";
import { errorMessage } from "../../api/client.ts";
import { useAiInfo } from "../chat/use-ai-info.ts";

/** 整理成笔记: the bar under the list while ideas are being chosen, with the cost shown first. */
export function ComposeBar({ chosen, onCancel }: { chosen: string[]; onCancel: () => void }) {
  const navigate = useNavigate();
  const { info } = useAiInfo();
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  const compose = async () => {
    setBusy(true);
    setError(null);
    try {
      const { note } = await composeNote(chosen);
      await navigate({ to: "/notes/$id", params: { id: note.id } });
    } catch (e) {
      setError(errorMessage(e, "整理失败"));
      setBusy(false);
    }
  };

  const cost = !info
    ? ""
    : info.mode === "offline"
      ? "本地模式：按原文汇编，不消耗点数"
      : `AI 整理，消耗 ${info.costs.composeNote} 点`;
  return (
    <section
      aria-label="整理成笔记"
      className="sticky bottom-4 z-10 flex flex-col gap-2 rounded-lg border border-border bg-background p-4 shadow-lg"
    >
      {error ? <Alert tone="error" description={error} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="text-sm">
          已选 <strong>{chosen.length}</strong> 条想法
          {cost ? <span className="ml-2 text-muted-foreground">{cost}</span> : null}
        </p>
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={onCancel}>
            取消
          </Button>
          <Button size="sm" disabled={chosen.length === 0} loading={busy} onClick={() => void compose()}>
            整理成笔记
          </Button>
        </div>
      </div>
    </section>
  );
}
