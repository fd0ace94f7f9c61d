import * as React from "react";
import { Button } from "../../primitives/button";
import { Field } from "../../primitives/field";
import { Input } from "../../primitives/input";
import { PasswordField } from "../../primitives/password-field";
import { Select } from "../../primitives/select";

export type PushChannelKind =
  | "wecom"
  | "feishu"
  | "dingtalk"
  | "bark"
  | "serverchan"
  | "webhook"
  | "telegram";
/** What the form holds; an empty secret field keeps the saved one when editing. */
export type PushChannelFormValues = {
  kind: PushChannelKind;
  name: string;
  url: string;
  secret: string;
  deviceKey: string;
  sendKey: string;
};

export const PUSH_KIND_LABELS: Record<PushChannelKind, string> = {
  wecom: "企业微信群机器人",
  feishu: "飞书机器人",
  dingtalk: "钉钉机器人",
  bark: "Bark",
  serverchan: "Server酱",
  webhook: "Webhook",
  telegram: "Telegram",
};
/** A Telegram chat is added from its binding (微信与 Telegram), not by a form: it has nothing to fill in. */
const KIND_OPTIONS = Object.entries(PUSH_KIND_LABELS)
  .filter(([value]) => value !== "telegram")
  .map(([value, label]) => ({ value, label }));

const URL_LABEL: Partial<Record<PushChannelKind, [string, string]>> = {
  wecom: [
    "Webhook 地址",
    "群聊 › 添加群机器人 后复制，形如 https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…",
  ],
  feishu: ["Webhook 地址", "群设置 › 群机器人 › 自定义机器人 后复制"],
  dingtalk: ["Webhook 地址", "群设置 › 机器人 › 自定义 后复制"],
  bark: ["Bark 服务器地址", "官方服务器为 https://api.day.app，自建的填自己的地址"],
  webhook: ["接收地址", "你自己的服务，须为 https:// 地址"],
};
const SECRET_LABEL: Partial<Record<PushChannelKind, [string, string]>> = {
  feishu: ["签名密钥", "开启“签名校验”后显示的密钥；未开启可留空"],
  dingtalk: ["加签密钥", "安全设置里“加签”下以 SEC 开头的字符串；未开启可留空"],
};

/** A Standard Webhooks secret made in the browser: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

export type PushChannelFormProps = Omit<React.ComponentProps<"form">, "onSubmit"> & {
  /** Editing a saved channel: its kind fixed, its secrets kept unless typed again. */
  editing?: { kind: PushChannelKind; name: string; secretSet: boolean } | null;
  busy?: boolean;
  onSubmitValues?: (values: PushChannelFormValues) => void;
  onCancel?: () => void;
};

/** Adding or changing one push channel: the fields its kind asks for. */
export function PushChannelForm({
  editing = null,
  busy = false,
  onSubmitValues,
  onCancel,
  ...props
}: PushChannelFormProps) {
  const [v, setV] = React.useState<PushChannelFormValues>({
    kind: editing?.kind ?? "wecom",
    name: editing?.name ?? "",
    url: "",
    secret: "",
    deviceKey: "",
    sendKey: "",
  });
  const set = (patch: Partial<PushChannelFormValues>) => setV((old) => ({ ...old, ...patch }));
  const kept = editing ? "已保存，不修改请留空" : undefined;
  const urlLabel = URL_LABEL[v.kind];
  const secretLabel = SECRET_LABEL[v.kind];
  return (
    <form
      data-slot="push-channel-form"
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmitValues?.(v);
      }}
      {...props}
    >
      {editing ? null : (
        <Field label="渠道类型">
          {(control) => (
            <Select
              {...control}
              value={v.kind}
              options={KIND_OPTIONS}
              onChange={(e) => set({ kind: e.target.value as PushChannelKind })}
            />
          )}
        </Field>
      )}
      <Field label="名称" hint="选填，如“家人群”">
        {(control) => (
          <Input {...control} value={v.name} maxLength={30} onChange={(e) => set({ name: e.target.value })} />
        )}
      </Field>
      {urlLabel ? (
        <Field label={urlLabel[0]} hint={editing ? "已保存，不修改请留空" : urlLabel[1]}>
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              placeholder={v.kind === "bark" && !editing ? "https://api.day.app" : "https://"}
              value={v.url}
              onChange={(e) => set({ url: e.target.value })}
            />
          )}
        </Field>
      ) : null}
      {v.kind === "webhook" ? (
        <Field
          label="签名密钥"
          hint="whsec_ 开头（Standard Webhooks）。点“生成”后复制到你的服务里，保存后不会再显示"
        >
          {(control) => (
            <div className="flex gap-2">
              <Input
                {...control}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                placeholder={editing?.secretSet ? kept : "whsec_…"}
                value={v.secret}
                onChange={(e) => set({ secret: e.target.value })}
              />
              <Button type="button" variant="secondary" onClick={() => set({ secret: newWebhookSecret() })}>
                生成
              </Button>
            </div>
          )}
        </Field>
      ) : secretLabel ? (
        <PasswordField
          label={secretLabel[0]}
          hint={secretLabel[1]}
          autoComplete="new-password"
          placeholder={editing?.secretSet ? kept : undefined}
          value={v.secret}
          onValueChange={(secret) => set({ secret })}
        />
      ) : null}
      {v.kind === "bark" ? (
        <PasswordField
          label="设备 Key"
          hint="Bark App 首页网址中的那一段"
          autoComplete="new-password"
          placeholder={kept}
          value={v.deviceKey}
          onValueChange={(deviceKey) => set({ deviceKey })}
        />
      ) : null}
      {v.kind === "serverchan" ? (
        <PasswordField
          label="SendKey"
          hint="在 sct.ftqq.com 的 SendKey 页面复制"
          autoComplete="new-password"
          placeholder={kept}
          value={v.sendKey}
          onValueChange={(sendKey) => set({ sendKey })}
        />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            取消
          </Button>
        ) : null}
        <Button type="submit" loading={busy}>
          {editing ? "保存渠道" : "添加渠道"}
        </Button>
      </div>
    </form>
  );
}
