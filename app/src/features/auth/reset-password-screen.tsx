import { Alert, Button, PasswordField } from "@shinian/ui";
import * as React from "react";
import { resetPassword } from "../../api/auth.ts";
import { errorMessage } from "../../api/client.ts";
import { tokenStore } from "../../auth/token-store.ts";
import { AppLink } from "../../lib/navigation.tsx";
import { PublicShell } from "../layout/public-shell.tsx";
import { AuthCard } from "./auth-card.tsx";

type Errors = Partial<Record<"password" | "confirm", string>>;

function validate(password: string, confirm: string): Errors {
  const errors: Errors = {};
  if (password.length < 8 || password.length > 72) errors.password = "密码长度须为 8–72 个字符";
  else if (confirm !== password) errors.confirm = "两次输入的密码不一致";
  return errors;
}

/**
 * 重置密码: opened from the one-time link that `npm run account:reset-password` printed for the
 * operator to pass on. Afterwards every session of the account has ended, this browser's too.
 */
export function ResetPasswordScreen({ token }: { token?: string }) {
  const [password, setPassword] = React.useState("");
  const [confirm, setConfirm] = React.useState("");
  const [errors, setErrors] = React.useState<Errors>({});
  const [failure, setFailure] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);
  /** The server's word once the password is set: it may add that a WebDAV backup was paused. */
  const [done, setDone] = React.useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validate(password, confirm);
    setErrors(found);
    if (Object.keys(found).length || !token) return;
    setPending(true);
    try {
      const { message } = await resetPassword({ token, newPassword: password });
      tokenStore.rememberAccount();
      tokenStore.clearSession();
      setDone(message ?? "密码已重置，请用新密码登录");
    } catch (error) {
      setFailure(errorMessage(error, "重置密码失败"));
    } finally {
      setPending(false);
    }
  };

  return (
    <PublicShell>
      <AuthCard
        title="重置密码"
        description="设置新密码后，该账号在所有设备上的登录都会退出。"
        contentClassName="flex flex-col gap-4"
      >
        {!token ? (
          <Alert tone="error" title="重置链接不完整" description="请向本站管理员重新获取重置链接。" />
        ) : done !== null ? (
          <>
            <Alert tone="success" description={done} />
            <Button asChild size="lg">
              <AppLink to="/login">去登录</AppLink>
            </Button>
          </>
        ) : (
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <PasswordField
              label="新密码"
              hint="8–72 个字符"
              error={errors.password}
              name="newPassword"
              autoComplete="new-password"
              value={password}
              onValueChange={setPassword}
            />
            <PasswordField
              label="确认新密码"
              error={errors.confirm}
              name="confirmPassword"
              autoComplete="new-password"
              value={confirm}
              onValueChange={setConfirm}
            />
            {failure ? <Alert tone="error" description={failure} /> : null}
            <Button type="submit" size="lg" loading={pending}>
              设置新密码
            </Button>
          </form>
        )}
      </AuthCard>
    </PublicShell>
  );
}
