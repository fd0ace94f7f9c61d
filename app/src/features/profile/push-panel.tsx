import type { PushStatus } from "@shinian/contract";
import { type PushBusy, PushCard, type PushCardProps } from "@shinian/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { LoadFailedAlert } from "../layout/load-failed-alert.tsx";
import {
  addPushChannel,
  editPushChannel,
  pushKey,
  pushQuery,
  removePushChannel,
  savePushSettings,
  testPushChannel,
  updateRequest,
} from "./push-data.ts";

/** 提醒与推送 on /profile: the ui card fed by GET /api/profile/push, each action sent as asked. */
export function PushPanel() {
  const queryClient = useQueryClient();
  const { data: status, error, refetch, isFetching } = useQuery(pushQuery);
  const [busy, setBusy] = React.useState<PushBusy | null>(null);
  const [notice, setNotice] = React.useState<PushCardProps["notice"]>(null);
  // a new card after a channel is added or saved: its forms closed and emptied
  const [cardKey, setCardKey] = React.useState(0);

  const refresh = () => queryClient.invalidateQueries({ queryKey: pushKey });
  /** `work` answers the sentence to show: a string is a success; 发送测试消息 may answer its own failure. */
  type Said = string | { tone: "success" | "error"; message: string };
  /** `channelId`/`form`: where the answer belongs (a refusal is shown by the form that caused it). */
  const act = async (
    b: PushBusy,
    work: () => Promise<Said>,
    channelId: string | null = null,
    form: "add" | null = null,
  ) => {
    setBusy(b);
    setNotice(null);
    try {
      const said = await work();
      setNotice(
        typeof said === "string"
          ? { tone: "success", message: said, channelId, form }
          : { ...said, channelId, form },
      );
    } catch (e) {
      setNotice({ tone: "error", message: errorMessage(e, "操作失败，请重试"), channelId, form });
    } finally {
      setBusy(null);
    }
  };
  const replaceChannel = (channel: PushStatus["channels"][number]) =>
    queryClient.setQueryData<PushStatus>(pushKey, (old) =>
      old ? { ...old, channels: old.channels.map((c) => (c.id === channel.id ? channel : c)) } : old,
    );

  if (!status) {
    if (!error) return null;
    return (
      <LoadFailedAlert
        title="推送设置加载失败"
        error={error}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }
  return (
    <PushCard
      key={cardKey}
      available={status.available}
      settings={status.settings}
      channels={status.channels}
      busy={busy}
      notice={notice}
      onSaveSettings={(settings) =>
        void act({ action: "settings" }, async () => {
          const saved = await savePushSettings(settings);
          queryClient.setQueryData<PushStatus>(pushKey, (old) => (old ? { ...old, settings: saved } : old));
          return "推送设置已保存";
        })
      }
      onAdd={(values) =>
        void act(
          { action: "adding" },
          async () => {
            await addPushChannel(values);
            await refresh();
            setCardKey((k) => k + 1);
            return "推送渠道已添加，可以点“发送测试消息”试试";
          },
          null,
          "add",
        )
      }
      onEdit={(id, values) =>
        void act(
          { action: "saving", channelId: id },
          async () => {
            replaceChannel(await editPushChannel(id, updateRequest(values)));
            setCardKey((k) => k + 1);
            return "推送渠道已保存";
          },
          id,
        )
      }
      onEnable={(id) =>
        void act(
          { action: "enabling", channelId: id },
          async () => {
            replaceChannel(await editPushChannel(id, { enabled: true }));
            return "已重新启用";
          },
          id,
        )
      }
      onTest={(id) =>
        void act(
          { action: "testing", channelId: id },
          async () => {
            const result = await testPushChannel(id);
            replaceChannel(result.channel);
            return { tone: result.ok ? "success" : "error", message: result.message };
          },
          id,
        )
      }
      onRemove={(id) =>
        void act({ action: "removing", channelId: id }, async () => {
          await removePushChannel(id);
          await refresh();
          return "推送渠道已删除";
        })
      }
    />
  );
}
