import * as React from "react";
import { Alert } from "../../primitives/alert";
import { Button } from "../../primitives/button";
import { ConfirmDialog } from "../../primitives/confirm-dialog";
import { PUSH_KIND_LABELS, type PushChannelKind } from "./push-channel-form";

export type PushChannelView = {
  id: string;
  kind: PushChannelKind;
  name: string;
  /** Where it sends, without secrets: a host. */
  target: string;
  secretSet: boolean;
  enabled: boolean;
  disabledReason: string | null;
  failures: number;
  lastError: string | null;
};

export type PushChannelItemProps = {
  channel: PushChannelView;
  busy?: "testing" | "removing" | "enabling" | null;
  /** 发送测试消息's answer for this channel. */
  result?: { tone: "success" | "error"; message: string } | null;
  onTest?: () => void;
  onEdit?: () => void;
  onRemove?: () => void;
  onEnable?: () => void;
};

/** One channel in 提醒与推送: what it is, whether it works, and what can be done with it. */
export function PushChannelItem({
  channel,
  busy = null,
  result = null,
  onTest,
  onEdit,
  onRemove,
  onEnable,
}: PushChannelItemProps) {
  const state = !channel.enabled ? "off" : channel.lastError ? "failing" : "on";
  const [confirming, setConfirming] = React.useState(false);
  const name = channel.name;
  return (
    <li
      data-slot="push-channel"
      data-state={state}
      aria-label={channel.name}
      className="flex flex-col gap-2 rounded-md border border-border p-3"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-medium">{channel.name}</span>
        <span className="text-muted-foreground text-xs">
          {PUSH_KIND_LABELS[channel.kind]} · {channel.target}
        </span>
      </div>
      {/* a lasting state, read with the channel, not announced (role=note): only an action's fresh answer is */}
      {!channel.enabled ? (
        <Alert
          role="note"
          tone="warning"
          title="已停用"
          description={channel.disabledReason ?? "已手动停用"}
        />
      ) : channel.lastError ? (
        <Alert
          role="note"
          tone="error"
          title={`最近 ${channel.failures} 次发送失败`}
          description={channel.lastError}
        />
      ) : null}
      {result ? <Alert tone={result.tone} description={result.message} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          size="sm"
          variant="ghost"
          aria-label={`删除 ${name}`}
          loading={busy === "removing"}
          onClick={() => setConfirming(true)}
        >
          删除
        </Button>
        <Button type="button" size="sm" variant="ghost" aria-label={`编辑 ${name}`} onClick={onEdit}>
          编辑
        </Button>
        {!channel.enabled ? (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            aria-label={`重新启用 ${name}`}
            loading={busy === "enabling"}
            onClick={onEnable}
          >
            重新启用
          </Button>
        ) : null}
        <Button
          type="button"
          size="sm"
          variant="secondary"
          aria-label={`发送测试消息 ${name}`}
          loading={busy === "testing"}
          onClick={onTest}
        >
          发送测试消息
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`删除“${name}”？`}
        description="删除后不再向这里推送，地址和密钥一并删除。"
        confirmLabel="删除"
        tone="danger"
        onConfirm={() => onRemove?.()}
      />
    </li>
  );
}
