import type { CreatedWebhook, Webhook, WebhookDelivery, WebhookEvent } from "@shinian/contract";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, WEBHOOKS_MAX } from "@shinian/contract/webhook-events";
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Checkbox,
  ConfirmDialog,
  CopyButton,
  Field,
  Input,
} from "@shinian/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import {
  createWebhook,
  deleteWebhook,
  testWebhook,
  webhookDeliveriesQuery,
  webhookKeys,
  webhooksQuery,
} from "../../data/webhooks.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";

const DEFAULT_EVENTS: WebhookEvent[] = ["idea.created", "note.created"];

/** 隐私与安全 → Webhook: signed pushes of the person's changes to their own address. */
export function WebhooksCard() {
  const queryClient = useQueryClient();
  const { data, error: loadError } = useQuery(webhooksQuery);
  const [url, setUrl] = React.useState("");
  const [events, setEvents] = React.useState<WebhookEvent[]>(DEFAULT_EVENTS);
  const [created, setCreated] = React.useState<CreatedWebhook | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);
  const error = failure ?? (loadError ? errorMessage(loadError, "加载失败") : null);
  const load = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  const items = data?.items ?? [];
  const full = items.length >= WEBHOOKS_MAX;

  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((list) => (on ? [...list, event] : list.filter((e) => e !== event)));
  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      setCreated(await createWebhook({ url: url.trim(), events }));
      setUrl("");
      await load();
    } catch (err) {
      setFailure(errorMessage(err, "添加失败"));
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhook</CardTitle>
        <CardDescription>
          想法、笔记有新增、修改或删除时，拾念把事件推送到你的地址，按 Standard Webhooks
          签名，可用签名密钥验证。标记为“不让AI读取”的内容只推送编号和类型。最多 {WEBHOOKS_MAX} 个。
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {data && !data.available ? <Alert tone="info" description={data.message ?? "未开启"} /> : null}
        {created ? (
          <Alert tone="success" title="Webhook 已添加" description="请现在复制签名密钥，它只显示这一次。">
            <code className="block break-all rounded-sm bg-background px-2 py-1 text-xs">
              {created.secret}
            </code>
            <CopyButton text={created.secret} size="sm" className="mt-2" label="复制签名密钥" />
          </Alert>
        ) : null}
        {error ? <Alert tone="error" description={error} /> : null}
        {data?.available ? (
          <form className="flex flex-col gap-3" onSubmit={create}>
            <Field label="接收地址" hint="https:// 开头">
              {(c) => (
                <Input
                  {...c}
                  type="url"
                  inputMode="url"
                  placeholder="https://example.com/hooks/shinian"
                  maxLength={500}
                  value={url}
                  onChange={(e) => setUrl(e.target.value)}
                />
              )}
            </Field>
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 font-medium text-sm">推送的事件</legend>
              <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
                {WEBHOOK_EVENTS.map((event) => (
                  <Checkbox
                    key={event}
                    checked={events.includes(event)}
                    onChange={(e) => toggle(event, e.target.checked)}
                  >
                    {WEBHOOK_EVENT_LABELS[event]}{" "}
                    <span className="text-muted-foreground text-xs">{event}</span>
                  </Checkbox>
                ))}
              </div>
            </fieldset>
            <Button
              type="submit"
              loading={pending}
              disabled={!url.trim() || events.length === 0 || full}
              className="self-end"
            >
              {full ? `已达 ${WEBHOOKS_MAX} 个上限` : "添加 Webhook"}
            </Button>
          </form>
        ) : null}
        {items.length > 0 ? (
          <ul className="flex flex-col divide-y divide-border" aria-label="Webhook 列表">
            {items.map((w) => (
              <WebhookRow
                key={w.id}
                webhook={w}
                onChanged={load}
                onRemoved={() => created?.id === w.id && setCreated(null)}
              />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

function WebhookRow({
  webhook,
  onChanged,
  onRemoved,
}: {
  webhook: Webhook;
  onChanged: () => Promise<unknown>;
  onRemoved: () => void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = React.useState(false);
  const [confirming, setConfirming] = React.useState(false);
  const [notice, setNotice] = React.useState<{ tone: "success" | "error"; text: string } | null>(null);
  const deliveriesKey = webhookKeys.deliveries(webhook.id);
  const sendTest = async () => {
    setNotice(null);
    try {
      await testWebhook(webhook.id);
      setNotice({ tone: "success", text: "测试事件已发出，稍后在投递记录里查看结果" });
      setOpen(true);
      await Promise.all([onChanged(), queryClient.invalidateQueries({ queryKey: deliveriesKey })]);
    } catch (err) {
      setNotice({ tone: "error", text: errorMessage(err, "发送失败") });
    }
  };
  const remove = async () => {
    try {
      await deleteWebhook(webhook.id);
      onRemoved();
      await onChanged();
    } catch (err) {
      setNotice({ tone: "error", text: errorMessage(err, "删除失败") });
      throw err;
    }
  };
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex min-w-0 flex-col">
        <span className="break-all font-medium">{webhook.url}</span>
        <span className="text-muted-foreground text-xs">
          {webhook.enabled ? (
            <span className="text-success">已启用</span>
          ) : (
            <span className="text-error">已停用</span>
          )}
          {" · "}
          {WEBHOOK_EVENTS.filter((e) => webhook.events.includes(e))
            .map((e) => WEBHOOK_EVENT_LABELS[e])
            .join("、")}
        </span>
      </div>
      {!webhook.enabled && webhook.disabledReason ? (
        <Alert tone="warning" description={webhook.disabledReason} />
      ) : null}
      {notice ? <Alert tone={notice.tone} description={notice.text} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          {open ? "收起投递记录" : "投递记录"}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void sendTest()}>
          发送测试
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          删除
        </Button>
      </div>
      {open ? <Deliveries id={webhook.id} /> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="删除这个 Webhook？"
        description="未送达的投递会一并取消。"
        confirmLabel="删除"
        tone="danger"
        onConfirm={remove}
      />
    </li>
  );
}

const STATUS_LABELS: Record<WebhookDelivery["status"], string> = {
  pending: "等待重试",
  delivered: "已送达",
  failed: "失败",
};

function Deliveries({ id }: { id: string }) {
  const { data, error, isPending } = useQuery(webhookDeliveriesQuery(id));
  if (error) return <Alert tone="error" description={errorMessage(error, "加载失败")} />;
  if (isPending) return <p className="text-muted-foreground text-sm">加载中…</p>;
  if (!data.length) return <p className="text-muted-foreground text-sm">还没有投递。</p>;
  return (
    <ul className="flex flex-col gap-1 rounded-md bg-muted p-2 text-xs" aria-label="最近的投递">
      {data.map((d) => (
        <li key={d.id} className="flex flex-wrap justify-between gap-x-3">
          <span>
            {formatDateTime(d.createdAt)} · {d.type}
          </span>
          <span className={d.status === "failed" ? "font-medium" : ""}>
            {STATUS_LABELS[d.status]}
            {d.responseStatus ? ` · HTTP ${d.responseStatus}` : ""}
            {d.error && d.status !== "delivered" ? ` · ${d.error}` : ""}
            {d.attempts > 1 ? ` · 第 ${d.attempts} 次` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}
