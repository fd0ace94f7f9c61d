import type { CreatedAccessToken, TokenScope } from "@shinian/contract";
import { TOKEN_SCOPE_LABELS, TOKEN_SCOPES } from "@shinian/contract/constants";
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CopyButton,
  Field,
  Input,
  Select,
} from "@shinian/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { accessTokensQuery, accountKeys, createAccessToken, revokeAccessToken } from "../../data/account.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";

const SCOPE_USES: Record<TokenScope, string> = {
  capture: "只能新建想法（快捷指令、flomo 工具）",
  read: "读取全部想法与笔记（AI 助手、备份脚本）",
  write: "读取、新建、修改、删除（memos 客户端）",
};
const SCOPES = TOKEN_SCOPES.map((value) => ({
  value,
  label: `${TOKEN_SCOPE_LABELS[value]}：${SCOPE_USES[value]}`,
}));

const DAY = 86_400_000;
const LIFETIMES = [
  { value: "", label: "永不过期" },
  { value: "30", label: "30 天" },
  { value: "90", label: "90 天" },
  { value: "365", label: "1 年" },
] as const;

/** The token's flomo-shaped URL: any tool written for flomo's API captures with it. */
const flomoUrl = (token: string) => `${window.location.origin}/iwh/${token}/`;

/** A value shown once, to copy. */
function ShownOnce({ value, copyLabel }: { value: string; copyLabel: string }) {
  return (
    <>
      <code className="block break-all rounded-sm bg-background px-2 py-1 text-xs">{value}</code>
      <CopyButton text={value} size="sm" className="mt-2" label={copyLabel} />
    </>
  );
}

function NewToken({ token }: { token: CreatedAccessToken }) {
  return (
    <Alert tone="success" title={`令牌「${token.name}」已创建`} description="请现在复制，它只显示这一次。">
      <ShownOnce value={token.token} copyLabel="复制令牌" />
      {token.scope !== "read" ? (
        <div className="mt-3 flex flex-col gap-1">
          <span className="font-medium text-sm">兼容 flomo 的记录地址</span>
          <span className="text-xs">
            粘贴到任何为 flomo API 写的工具里（快捷指令、Raycast、浏览器插件）。
          </span>
          <ShownOnce value={flomoUrl(token.token)} copyLabel="复制 flomo 地址" />
        </div>
      ) : null}
    </Alert>
  );
}

/** 访问令牌: for scripts, 快捷指令, flomo tools, memos clients and AI assistants; each scoped and revocable. */
export function AccessTokensCard() {
  const queryClient = useQueryClient();
  const { data: tokens, error: loadError } = useQuery(accessTokensQuery);
  const [name, setName] = React.useState("");
  const [scope, setScope] = React.useState<TokenScope>("capture");
  const [days, setDays] = React.useState("");
  const [created, setCreated] = React.useState<CreatedAccessToken | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);
  const error = failure ?? (loadError ? errorMessage(loadError, "加载失败") : null);
  const load = () => queryClient.invalidateQueries({ queryKey: accountKeys.accessTokens });

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      const expiresAt = days ? new Date(Date.now() + Number(days) * DAY).toISOString() : undefined;
      setCreated(await createAccessToken({ name, scope, expiresAt }));
      setName("");
      await load();
    } catch (e) {
      setFailure(errorMessage(e, "创建失败"));
    } finally {
      setPending(false);
    }
  };
  const revoke = async (id: string) => {
    setFailure(null);
    try {
      await revokeAccessToken(id);
      if (created?.id === id) setCreated(null);
      await load();
    } catch (e) {
      setFailure(errorMessage(e, "撤销失败"));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>访问令牌</CardTitle>
        <CardDescription>
          给快捷指令、flomo 工具、memos 客户端和 AI
          助手用。令牌不能改账号、密码或令牌，也不能导出、导入或扣点数；修改密码后全部失效。
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {created ? <NewToken token={created} /> : null}
        {error ? <Alert tone="error" description={error} /> : null}
        <form className="flex flex-col gap-3" onSubmit={create}>
          <Field label="令牌名称" hint="例如：我的 iPhone">
            {(c) => <Input {...c} maxLength={30} value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Field label="权限">
            {(c) => (
              <Select
                {...c}
                options={SCOPES}
                value={scope}
                onChange={(e) => setScope(e.target.value as TokenScope)}
              />
            )}
          </Field>
          <Field label="有效期">
            {(c) => (
              <Select {...c} options={LIFETIMES} value={days} onChange={(e) => setDays(e.target.value)} />
            )}
          </Field>
          <Button type="submit" loading={pending} disabled={!name.trim()} className="self-end">
            创建令牌
          </Button>
        </form>
        {tokens && tokens.length > 0 ? (
          <ul className="flex flex-col divide-y divide-border" aria-label="访问令牌">
            {tokens.map((t) => (
              <li key={t.id} className="flex items-center justify-between gap-3 py-3">
                <div className="flex min-w-0 flex-col">
                  <span className="break-all font-medium">
                    {t.name}
                    <span className="ms-2 font-normal text-muted-foreground text-xs">
                      {TOKEN_SCOPE_LABELS[t.scope]}
                    </span>
                  </span>
                  <span className="text-muted-foreground text-xs">
                    {t.lastUsedAt
                      ? `最近使用：${formatDateTime(t.lastUsedAt)}${t.lastUsedBy ? ` · ${t.lastUsedBy}` : ""}`
                      : "尚未使用"}
                  </span>
                  {t.expiresAt ? (
                    <span className="text-muted-foreground text-xs">到期：{formatDateTime(t.expiresAt)}</span>
                  ) : null}
                </div>
                <Button variant="secondary" size="sm" onClick={() => void revoke(t.id)}>
                  撤销
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
