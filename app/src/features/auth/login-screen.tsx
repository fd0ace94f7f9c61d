import {
  Alert,
  Button,
  Checkbox,
  Field,
  Input,
  PasswordField,
  Tabs,
  TabsList,
  TabsTrigger,
} from "@shinian/ui";
import * as React from "react";
import { login, register } from "../../api/auth.ts";
import { errorMessage } from "../../api/client.ts";
import { useAuth } from "../../auth/auth-context.tsx";
import { safeRedirect } from "../../auth/auth-state.ts";
import { tokenStore } from "../../auth/token-store.ts";
import { AppLink, useGo } from "../../lib/navigation.tsx";
import { PublicShell } from "../layout/public-shell.tsx";
import type { AgreementName } from "./agreement-dialog.tsx";
import { AuthCard } from "./auth-card.tsx";
import { askTheAdmin, useAuthOptions } from "./auth-options.ts";
import { type CredentialErrors, validateCredentials } from "./validate.ts";

type Mode = "login" | "register";

// Read on the first open of a link, not with /login: its JS budget holds the form only.
const AgreementDialog = React.lazy(() => import("./agreement-dialog.tsx"));
type Errors = CredentialErrors & { inviteCode?: string };

/**
 * 登录 / 注册. Shown by /login's own entry (login-main.tsx) on a first visit and by the router's
 * /login route after signing out; it moves on through useGo, so it works without the router.
 */
export function LoginScreen({ redirect }: { redirect?: string }) {
  const go = useGo();
  const auth = useAuth();
  const [chosenMode, setMode] = React.useState<Mode | null>(null);
  const [agreement, setAgreement] = React.useState<AgreementName | null>(null);
  const [account, setAccount] = React.useState("");
  const [password, setPassword] = React.useState("");
  const [agree, setAgree] = React.useState(false);
  const [inviteCode, setInviteCode] = React.useState("");
  const options = useAuthOptions();
  // A device that never signed in leads with 注册, unless this site takes no new accounts.
  const mode: Mode =
    chosenMode ?? (tokenStore.signedInBefore() || options?.registration === "closed" ? "login" : "register");
  const byInvite = mode === "register" && options?.registration === "invite";
  const closed = mode === "register" && options?.registration === "closed";
  const [errors, setErrors] = React.useState<Errors>({});
  const [failure, setFailure] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found: Errors = validateCredentials(mode, { account, password, agreeTerms: agree });
    if (byInvite && !inviteCode.trim()) found.inviteCode = "请输入邀请码";
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const result =
        mode === "login"
          ? await login({ account, password })
          : await register({
              account,
              password,
              agreeTerms: true,
              ...(byInvite ? { inviteCode } : {}),
            });
      auth.login(result.token, result.user);
      go(safeRedirect(redirect), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, "请求失败"));
    } finally {
      setPending(false);
    }
  };

  // A plain click opens the text over the form; a new tab (modified click) still gets its page.
  const openAgreement = (name: AgreementName) => (event: React.MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setAgreement(name);
  };

  return (
    <PublicShell>
      <AuthCard
        title={mode === "login" ? "登录拾念" : "注册拾念"}
        description="拾念：随手记下想法，AI 帮你整理和找回。"
      >
        <Tabs
          value={mode}
          onValueChange={(value) => {
            setMode(value as Mode);
            setErrors({});
            setFailure(null);
          }}
        >
          <TabsList variant="pill" aria-label="登录或注册">
            <TabsTrigger value="login">登录</TabsTrigger>
            <TabsTrigger value="register">注册</TabsTrigger>
          </TabsList>
        </Tabs>
        {closed ? (
          <Alert className="mt-5" title="本站暂未开放注册" description={askTheAdmin("如需账号，", options)} />
        ) : (
          <form className="mt-5 flex flex-col gap-4" onSubmit={submit} noValidate>
            <Field label="账号" hint="邮箱或手机号" error={errors.account}>
              {(control) => (
                <Input
                  {...control}
                  name="account"
                  autoComplete="username"
                  placeholder="邮箱或 11 位手机号"
                  value={account}
                  onChange={(e) => setAccount(e.target.value)}
                />
              )}
            </Field>
            <PasswordField
              label="密码"
              hint={mode === "register" ? "8–72 个字符" : undefined}
              error={errors.password}
              name="password"
              autoComplete={mode === "login" ? "current-password" : "new-password"}
              placeholder="请输入密码"
              value={password}
              onValueChange={setPassword}
            />
            {byInvite ? (
              <Field label="邀请码" hint="本站仅限受邀注册，邀请码由本站管理员提供" error={errors.inviteCode}>
                {(control) => (
                  <Input
                    {...control}
                    name="inviteCode"
                    autoComplete="off"
                    placeholder="XXXX-XXXX-XXXX-XXXX"
                    value={inviteCode}
                    onChange={(e) => setInviteCode(e.target.value)}
                  />
                )}
              </Field>
            ) : null}
            {mode === "register" ? (
              <div className="flex flex-col gap-1">
                <Checkbox
                  id="agree-terms"
                  checked={agree}
                  onChange={(e) => {
                    setAgree(e.target.checked);
                    setErrors((old) => ({ ...old, agreeTerms: undefined }));
                  }}
                >
                  我已阅读并同意
                  <AppLink
                    to="/user-agreement"
                    className="text-primary hover:underline"
                    aria-haspopup="dialog"
                    onClick={openAgreement("user-agreement")}
                  >
                    《用户协议》
                  </AppLink>
                  和
                  <AppLink
                    to="/privacy-policy"
                    className="text-primary hover:underline"
                    aria-haspopup="dialog"
                    onClick={openAgreement("privacy-policy")}
                  >
                    《隐私政策》
                  </AppLink>
                </Checkbox>
                {errors.agreeTerms ? (
                  <p role="alert" className="text-error text-xs">
                    {errors.agreeTerms}
                  </p>
                ) : null}
              </div>
            ) : null}
            {failure ? <Alert tone="error" description={failure} /> : null}
            <Button type="submit" size="lg" loading={pending}>
              {mode === "login" ? "登录" : "注册"}
            </Button>
            {mode === "login" ? (
              <p className="text-center text-muted-foreground text-xs">
                {askTheAdmin("忘记密码？", options)}
              </p>
            ) : null}
          </form>
        )}
      </AuthCard>
      {agreement ? (
        <React.Suspense fallback={null}>
          <AgreementDialog name={agreement} onClose={() => setAgreement(null)} />
        </React.Suspense>
      ) : null}
    </PublicShell>
  );
}
