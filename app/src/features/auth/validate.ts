/**
 * The login form's checks, mirroring the contract's AccountSchema / PasswordSchema without
 * loading zod on the first screen (a unit test holds them to the contract). The server checks
 * again: this only spares a round trip.
 */
export type CredentialErrors = Partial<Record<"account" | "password" | "agreeTerms", string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^1\d{10}$/;

export function validateCredentials(
  mode: "login" | "register",
  input: { account: string; password: string; agreeTerms?: boolean },
): CredentialErrors {
  const errors: CredentialErrors = {};
  const account = input.account.trim().toLowerCase();
  if (account.length > 254) errors.account = "账号过长";
  else if (!MOBILE.test(account) && !EMAIL.test(account))
    errors.account = "账号须为邮箱或以 1 开头的 11 位手机号";
  if (mode === "login") {
    if (!input.password) errors.password = "请输入密码";
    else if (input.password.length > 72) errors.password = "密码过长";
  } else {
    if (input.password.length < 8 || input.password.length > 72) errors.password = "密码长度须为 8–72 个字符";
    if (input.agreeTerms !== true) errors.agreeTerms = "请先阅读并同意《用户协议》和《隐私政策》";
  }
  return errors;
}
