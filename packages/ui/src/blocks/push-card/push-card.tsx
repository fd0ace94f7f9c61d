import * as React from "react";
import { Alert } from "../../primitives/alert";
import { Button } from "../../primitives/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../primitives/card";
import { Checkbox } from "../../primitives/checkbox";
import { Field } from "../../primitives/field";
import { Input } from "../../primitives/input";
import { PushChannelForm, type PushChannelFormValues } from "./push-channel-form";
import { PushChannelItem, type PushChannelView } from "./push-channel-item";

export type PushSettingsValues = { review: boolean; reviewAt: string; digests: boolean };
export type PushBusy =
  | { action: "settings" | "adding" }
  | { action: "testing" | "saving" | "removing" | "enabling"; channelId: string };

export type PushCardProps = React.ComponentProps<"div"> & {
  /** false: the server cannot store secrets (no key); the card says so and offers nothing. */
  available?: boolean;
  settings: PushSettingsValues;
  channels: PushChannelView[];
  busy?: PushBusy | null;
  /**
   * An answer for the card (a saved setting, a refusal); `channelId`: for that channel (发送测试消息's
   * result, or its edit's: shown under the editing form while it is open); `form: "add"`: for the
   * add form (shown under it while it is open).
   */
  notice?: {
    tone: "success" | "error";
    message: string;
    channelId?: string | null;
    form?: "add" | null;
  } | null;
  onSaveSettings?: (settings: PushSettingsValues) => void;
  onAdd?: (values: PushChannelFormValues) => void;
  onEdit?: (id: string, values: PushChannelFormValues) => void;
  onTest?: (id: string) => void;
  onRemove?: (id: string) => void;
  onEnable?: (id: string) => void;
};

/** 提醒与推送 on 个人资料: where pushes go (group robots, phone pushes), and what goes when. */
export function PushCard({
  available = true,
  settings,
  channels,
  busy = null,
  notice = null,
  onSaveSettings,
  onAdd,
  onEdit,
  onTest,
  onRemove,
  onEnable,
  className,
  ...props
}: PushCardProps) {
  const [values, setValues] = React.useState(settings);
  const [adding, setAdding] = React.useState(false);
  const [editingId, setEditingId] = React.useState<string | null>(null);
  const set = (patch: Partial<PushSettingsValues>) => setValues((v) => ({ ...v, ...patch }));
  const busyFor = (id: string) => (busy && "channelId" in busy && busy.channelId === id ? busy.action : null);
  const addNotice = notice?.form === "add" && adding ? notice : null;
  const cardNotice = notice && !notice.channelId && !addNotice ? notice : null;
  const noticeOf = (n: typeof notice) => (n ? <Alert tone={n.tone} description={n.message} /> : null);
  const state = !available
    ? "unavailable"
    : channels.some((c) => !c.enabled)
      ? "channel-off"
      : channels.length
        ? "set"
        : "unset";

  return (
    <Card data-slot="push-card" data-state={state} className={className} {...props}>
      <CardHeader>
        <CardTitle>提醒与推送</CardTitle>
        <CardDescription>
          把每日回顾和周报/月报推送到企业微信、飞书、钉钉群，或 Bark、Server酱；已绑定的 Telegram
          对话在“微信与 Telegram”里开启。
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!available ? (
          <Alert tone="info" title="本服务器未开启推送" description="如需推送提醒，请联系管理员开启。" />
        ) : (
          <>
            <form
              aria-label="推送内容"
              className="flex flex-col gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                onSaveSettings?.(values);
              }}
            >
              <Checkbox checked={values.review} onChange={(e) => set({ review: e.target.checked })}>
                每天推送每日回顾
              </Checkbox>
              <Field label="推送时间" hint="北京时间">
                {(control) => (
                  <Input
                    {...control}
                    type="time"
                    className="w-32"
                    disabled={!values.review}
                    value={values.reviewAt}
                    onChange={(e) => set({ reviewAt: e.target.value })}
                  />
                )}
              </Field>
              <Checkbox checked={values.digests} onChange={(e) => set({ digests: e.target.checked })}>
                周报/月报生成后推送
              </Checkbox>
              <div className="flex justify-end">
                <Button type="submit" size="sm" loading={busy?.action === "settings"}>
                  保存推送设置
                </Button>
              </div>
            </form>
            {noticeOf(cardNotice)}
            {channels.length ? (
              <ul aria-label="推送渠道" className="flex flex-col gap-2">
                {channels.map((channel) =>
                  editingId === channel.id ? (
                    <li key={channel.id} className="rounded-md border border-border p-3">
                      <PushChannelForm
                        aria-label={`编辑${channel.name}`}
                        editing={{ kind: channel.kind, name: channel.name, secretSet: channel.secretSet }}
                        busy={busyFor(channel.id) === "saving"}
                        onSubmitValues={(v) => onEdit?.(channel.id, v)}
                        onCancel={() => setEditingId(null)}
                      />
                      {notice?.channelId === channel.id ? (
                        <div className="mt-3">{noticeOf(notice)}</div>
                      ) : null}
                    </li>
                  ) : (
                    <PushChannelItem
                      key={channel.id}
                      channel={channel}
                      busy={busyFor(channel.id) as "testing" | "removing" | "enabling" | null}
                      result={notice?.channelId === channel.id ? notice : null}
                      onTest={() => onTest?.(channel.id)}
                      onEdit={() => setEditingId(channel.id)}
                      onRemove={() => onRemove?.(channel.id)}
                      onEnable={() => onEnable?.(channel.id)}
                    />
                  ),
                )}
              </ul>
            ) : (
              <p className="text-muted-foreground text-sm">
                还没有推送渠道。添加一个，每天就能在群里或手机上收到回顾。
              </p>
            )}
            {adding ? (
              <div className="rounded-md border border-border p-3">
                <PushChannelForm
                  aria-label="添加推送渠道"
                  busy={busy?.action === "adding"}
                  onSubmitValues={(v) => onAdd?.(v)}
                  onCancel={() => setAdding(false)}
                />
                {addNotice ? <div className="mt-3">{noticeOf(addNotice)}</div> : null}
              </div>
            ) : (
              <Button type="button" variant="secondary" onClick={() => setAdding(true)}>
                添加推送渠道
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
