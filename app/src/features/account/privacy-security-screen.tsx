import { DELETE_ACCOUNT_PHRASE } from "@shinian/contract/constants";
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  Field,
  Input,
  PasswordField,
  WebLayout,
} from "@shinian/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { useAuth } from "../../auth/auth-context.tsx";
import {
  accountKeys,
  changePassword,
  deleteAccount,
  revokeSession,
  sessionsQuery,
} from "../../data/account.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { ExportPanel } from "../export/export-panel.tsx";
import { AppShell } from "../layout/app-shell.tsx";
import { AccessTokensCard } from "./access-tokens-card.tsx";
import { BookmarkletCard } from "./bookmarklet.tsx";
import { WebhooksCard } from "./webhooks-card.tsx";

type Notice = { tone: "success" | "error"; text: string } | null;

/** /privacy-security: password, sessions, export, access tokens, webhooks, the bookmarklet and account deletion. */
export function PrivacySecurityScreen() {
  return (
    <AppShell backHome>
      <WebLayout className="flex flex-col gap-6 py-4 md:py-8">
        <h1 className="font-bold text-2xl">隐私与安全</h1>
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <div className="flex flex-col gap-6">
            <PasswordCard />
            <ExportPanel />
          </div>
          <div className="flex flex-col gap-6">
            <SessionsCard />
            <AccessTokensCard />
            <WebhooksCard />
            <BookmarkletCard />
            <DeleteAccountCard />
          </div>
        </div>
      </WebLayout>
    </AppShell>
  );
}

function PasswordCard() {
  const queryClient = useQueryClient();
  const [current, setCurrent] = React.useState("");
  const [next, setNext] = React.useState("");
  const [notice, setNotice] = React.useState<Notice>(null);
  const [pending, setPending] = React.useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (next.length < 8 || next.length > 72) {
      setNotice({ tone: "error", text: "新密码长度须为 8–72 个字符" });
      return;
    }
    setPending(true);
    setNotice(null);
    try {
      const { message } = await changePassword({ currentPassword: current, newPassword: next });
      setCurrent("");
      setNext("");
      setNotice({ tone: "success", text: message ?? "密码已修改，其他设备已退出登录" });
      // the other sessions and every access token are gone: the lists beside this card say so
      void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
      void queryClient.invalidateQueries({ queryKey: accountKeys.accessTokens });
      // and a WebDAV backup is paused: its card says so
      void queryClient.invalidateQueries({ queryKey: ["profile", "webdav"] });
    } catch (e) {
      setNotice({ tone: "error", text: errorMessage(e, "修改失败") });
    } finally {
      setPending(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>修改密码</CardTitle>
        <CardDescription>修改后，其他设备上的登录将全部失效。</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={submit}>
          <PasswordField
            label="当前密码"
            autoComplete="current-password"
            value={current}
            onValueChange={setCurrent}
          />
          <PasswordField
            label="新密码"
            hint="8–72 个字符"
            autoComplete="new-password"
            value={next}
            onValueChange={setNext}
          />
          {notice ? <Alert tone={notice.tone} description={notice.text} /> : null}
          <Button type="submit" loading={pending} className="self-end">
            修改密码
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function SessionsCard() {
  const queryClient = useQueryClient();
  const { data: sessions, error } = useQuery(sessionsQuery);
  const [failure, setFailure] = React.useState<Notice>(null);
  const notice: Notice = failure ?? (error ? { tone: "error", text: errorMessage(error, "加载失败") } : null);
  const revoke = async (id: string) => {
    try {
      await revokeSession(id);
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    } catch (e) {
      setFailure({ tone: "error", text: errorMessage(e, "操作失败") });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>登录设备</CardTitle>
      </CardHeader>
      <CardContent>
        {notice ? <Alert tone={notice.tone} description={notice.text} /> : null}
        <ul className="flex flex-col divide-y divide-border" aria-label="登录设备">
          {(sessions ?? []).map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 flex-col">
                <span className="font-medium">
                  {s.device}
                  {s.current ? <span className="ml-2 text-success text-xs">当前设备</span> : null}
                </span>
                <span className="text-muted-foreground text-xs">
                  最近使用：{formatDateTime(s.lastSeenAt)}
                  {s.ip ? ` · ${s.ip}` : ""}
                </span>
              </div>
              {s.current ? null : (
                <Button variant="secondary" size="sm" onClick={() => void revoke(s.id)}>
                  移除
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function DeleteAccountCard() {
  const navigate = useNavigate();
  const auth = useAuth();
  const [password, setPassword] = React.useState("");
  const [phrase, setPhrase] = React.useState("");
  const [confirming, setConfirming] = React.useState(false);
  const [notice, setNotice] = React.useState<Notice>(null);
  const ready = password.length > 0 && phrase === DELETE_ACCOUNT_PHRASE;
  const remove = async () => {
    try {
      await deleteAccount({ password, confirm: DELETE_ACCOUNT_PHRASE });
      await auth.forgetDeletedAccount();
      await navigate({ to: "/login" });
    } catch (e) {
      setNotice({ tone: "error", text: errorMessage(e, "删除失败") });
      throw e;
    }
  };
  return (
    <Card className="border-error/40">
      <CardHeader>
        <CardTitle className="text-error">删除账号</CardTitle>
        <CardDescription>
          账号及全部想法、笔记、对话与点数将被永久删除，无法恢复。建议先导出数据。
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <PasswordField
          label="密码"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
        />
        <Field label={`请输入“${DELETE_ACCOUNT_PHRASE}”以确认`}>
          {(c) => <Input {...c} value={phrase} onChange={(e) => setPhrase(e.target.value)} />}
        </Field>
        {notice ? <Alert tone={notice.tone} description={notice.text} /> : null}
        <Button variant="danger" disabled={!ready} onClick={() => setConfirming(true)} className="self-end">
          永久删除账号
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="确定永久删除账号？"
          description="此操作无法撤销。"
          confirmLabel="永久删除"
          tone="danger"
          onConfirm={remove}
        />
      </CardContent>
    </Card>
  );
}
