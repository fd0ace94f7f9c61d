import { z } from "zod";
import { IdSchema, TimestampSchema } from "./common.ts";
import { DELETE_ACCOUNT_PHRASE } from "./constants.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^1\d{10}$/;

/** An email address or a mainland mobile number (11 digits starting with 1). */
export const AccountSchema = z
  .string({ message: "请输入账号" })
  .trim()
  .toLowerCase()
  .max(254, { message: "账号过长" })
  .refine((v) => MOBILE.test(v) || EMAIL.test(v), {
    message: "账号须为邮箱或以 1 开头的 11 位手机号",
  });

export const PasswordSchema = z
  .string({ message: "请输入密码" })
  .min(8, { message: "密码长度须为 8–72 个字符" })
  .max(72, { message: "密码长度须为 8–72 个字符" });

/** Typed as shown (XXXX-XXXX-XXXX-XXXX) or any other way: spaces, dashes and case do not count. */
export const InviteCodeSchema = z
  .string({ message: "请输入邀请码" })
  .max(64, { message: "邀请码无效、已用完或已过期" })
  .transform((v) => v.replace(/[\s-]/g, "").toUpperCase());

export const RegisterRequestSchema = z.strictObject({
  account: AccountSchema,
  password: PasswordSchema,
  agreeTerms: z.literal(true, { message: "请先阅读并同意《用户协议》和《隐私政策》" }),
  /** Needed when the site registers by invitation only (AuthOptions.registration = "invite"). */
  inviteCode: InviteCodeSchema.optional(),
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

export const LoginRequestSchema = z.strictObject({
  account: AccountSchema,
  // Login accepts any non-empty password up to the limit so that old rules never lock anyone out.
  password: z
    .string({ message: "请输入密码" })
    .min(1, { message: "请输入密码" })
    .max(72, { message: "密码过长" }),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** Who may register: anyone, holders of an invite code, or nobody (REGISTRATION). */
export const RegistrationModeSchema = z.enum(["open", "invite", "closed"]);
export type RegistrationMode = z.infer<typeof RegistrationModeSchema>;

/** What the login page needs to know before anyone signs in. */
export const AuthOptionsSchema = z.object({
  registration: RegistrationModeSchema,
  /** Whom to ask for a forgotten password (ADMIN_CONTACT); null: just "the site's administrator". */
  adminContact: z.string().nullable(),
});
export type AuthOptions = z.infer<typeof AuthOptionsSchema>;

/** The link `npm run account:reset-password` printed carries the token. */
export const ResetPasswordRequestSchema = z.strictObject({
  token: z.string({ message: "重置链接无效" }).min(1, { message: "重置链接无效" }).max(200),
  newPassword: PasswordSchema,
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;

export const SettingsSchema = z.object({
  /** 自动整理: off until the person chooses it (a new account starts without a choice). */
  autoTidy: z.boolean(),
  /**
   * Whether the person has chosen 自动整理 on or off (the guide asks once, while this is false).
   * Accounts made before the question existed count as having chosen what they had.
   */
  autoTidyChosen: z.boolean(),
  /** How many items 每日回顾 shows a day (from the next day on when changed). */
  reviewCount: z.number().int(),
  /** The guide's self-introduction was skipped (跳过): the guide is not shown again without one. */
  guideSkipped: z.boolean(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const UserSchema = z.object({
  id: IdSchema,
  account: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  identityDescription: z.string().nullable(),
  needsGuide: z.boolean(),
  settings: SettingsSchema,
  createdAt: TimestampSchema,
});
export type User = z.infer<typeof UserSchema>;

export const AuthResultSchema = z.object({ token: z.string(), user: UserSchema });
export type AuthResult = z.infer<typeof AuthResultSchema>;

export const SessionSchema = z.object({
  id: IdSchema,
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: TimestampSchema,
  lastSeenAt: TimestampSchema,
  expiresAt: TimestampSchema,
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;
export const SessionListSchema = z.object({ items: z.array(SessionSchema) });

export const ChangePasswordRequestSchema = z.strictObject({
  currentPassword: z.string({ message: "请输入当前密码" }).min(1, { message: "请输入当前密码" }).max(72),
  newPassword: PasswordSchema,
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

export const DeleteAccountRequestSchema = z.strictObject({
  password: z.string({ message: "请输入密码" }).min(1, { message: "请输入密码" }).max(72),
  confirm: z.literal(DELETE_ACCOUNT_PHRASE, { message: `请输入“${DELETE_ACCOUNT_PHRASE}”以确认` }),
});
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequestSchema>;
