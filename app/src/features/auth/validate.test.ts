import { LoginRequestSchema, RegisterRequestSchema } from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { validateCredentials } from "./validate.ts";

const contractErrors = (
  mode: "login" | "register",
  input: { account: string; password: string; agreeTerms?: boolean },
) => {
  const parsed =
    mode === "login"
      ? LoginRequestSchema.safeParse({ account: input.account, password: input.password })
      : RegisterRequestSchema.safeParse(input);
  const out: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
};

describe("validateCredentials agrees with the contract", () => {
  it.each([
    ["login", { account: "a@b.cn", password: "x" }],
    ["login", { account: "", password: "" }],
    ["login", { account: "12345", password: "x" }],
    ["login", { account: "13800138000", password: "y".repeat(73) }],
    ["register", { account: "13800138000", password: "12345678", agreeTerms: true }],
    ["register", { account: "Someone@Example.com ", password: "1234567", agreeTerms: false }],
    ["register", { account: "not-an-account", password: "z".repeat(73), agreeTerms: true }],
  ] as const)("%s %j", (mode, input) => {
    expect(validateCredentials(mode, input)).toEqual(contractErrors(mode, { ...input }));
  });
});
