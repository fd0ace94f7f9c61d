import type { CreatedCaptureToken } from "@shinian/contract";
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
} from "@shinian/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { createCaptureToken, revokeCaptureToken } from "../../api/account.ts";
import { errorMessage } from "../../api/client.ts";
import { accountKeys, captureTokensQuery } from "../../data/account.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";

/** 快捷记录令牌: capture from iOS 快捷指令 or Android HTTP Shortcuts; a token can only create ideas. */
export function CaptureTokensCard() {
  const queryClient = useQueryClient();
  const { data: tokens, error: loadError } = useQuery(captureTokensQuery);
  const [name, setName] = React.useState("");
  const [created, setCreated] = React.useState<CreatedCaptureToken | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);
  const error = failure ?? (loadError ? errorMessage(loadError, "加载失败") : null);
  const load = () => queryClient.invalidateQueries({ queryKey: accountKeys.captureTokens });

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      setCreated(await createCaptureToken({ name }));
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
      await revokeCaptureToken(id);
      if (created?.id === id) setCreated(null);
      await load();
    } catch (e) {
      setFailure(errorMessage(e, "撤销失败"));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>快捷记录令牌</CardTitle>
        <CardDescription>
          在 iOS 快捷指令或安卓 HTTP Shortcuts
          里用它记录想法。令牌只能新建想法，不能读取你的数据；修改密码后全部失效。
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {created ? (
          <Alert
            tone="success"
            title={`令牌「${created.name}」已创建`}
            description="请现在复制，它只显示这一次。"
          >
            <code className="block break-all rounded-sm bg-background px-2 py-1 text-xs">
              {created.token}
            </code>
            <CopyButton text={created.token} size="sm" className="mt-2" label="复制令牌" />
          </Alert>
        ) : null}
        {error ? <Alert tone="error" description={error} /> : null}
        <form className="flex flex-col gap-3" onSubmit={create}>
          <Field label="令牌名称" hint="例如：我的 iPhone">
            {(c) => <Input {...c} maxLength={30} value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Button type="submit" loading={pending} disabled={!name.trim()} className="self-end">
            创建令牌
          </Button>
        </form>
        {tokens && tokens.length > 0 ? (
          <ul className="flex flex-col divide-y divide-border" aria-label="快捷记录令牌">
            {tokens.map((t) => (
              <li key={t.id} className="flex items-center justify-between gap-3 py-3">
                <div className="flex min-w-0 flex-col">
                  <span className="break-all font-medium">{t.name}</span>
                  <span className="text-muted-foreground text-xs">
                    {t.lastUsedAt ? `最近使用：${formatDateTime(t.lastUsedAt)}` : "尚未使用"}
                  </span>
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
