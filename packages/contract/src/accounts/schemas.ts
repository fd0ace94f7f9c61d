import { z } from "zod";
import { IdSchema, TimestampSchema } from "../common.ts";
import { DELETE_ACCOUNT_PHRASE, TOKEN_SCOPES } from "../constants.ts";
import { DIGEST_FREQUENCIES } from "../insights/digests.ts";
import { ReviewCountSchema } from "../review/schemas.ts";

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

export const DigestFrequencySchema = z.enum(DIGEST_FREQUENCIES, {
  message: "周报/月报须为 off、weekly 或 monthly",
});

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
  /** 周报/月报: a 总结 洞察 of each week (after Sunday 20:00) or month (on the 1st from 08:00), Beijing time. */
  digest: DigestFrequencySchema,
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
  /** Digests (周报/月报) not opened yet: on GET /api/auth/me, for the navigation's badge. */
  unreadDigests: z.number().int().optional(),
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

/**
 * A personal access token for scripts, other apps' clients and AI assistants: named, scoped,
 * optionally expiring; the token itself is shown once, when it is made.
 */
export const AccessTokenSchema = z.object({
  id: IdSchema,
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  createdAt: TimestampSchema,
  lastUsedAt: TimestampSchema.nullable(),
  /** What used it last (from its User-Agent), e.g. "curl" or "Chrome · macOS". */
  lastUsedBy: z.string().nullable(),
  expiresAt: TimestampSchema.nullable(),
});
export type AccessToken = z.infer<typeof AccessTokenSchema>;

export const AccessTokenListSchema = z.object({ items: z.array(AccessTokenSchema) });
export type AccessTokenList = z.infer<typeof AccessTokenListSchema>;

const TokenNameSchema = z
  .string({ message: "请输入令牌名称" })
  .trim()
  .min(1, { message: "令牌名称须为 1–30 个字符" })
  .max(30, { message: "令牌名称须为 1–30 个字符" });

export const CreateAccessTokenRequestSchema = z.strictObject({
  name: TokenNameSchema,
  scope: z.enum(TOKEN_SCOPES, { message: "权限须为 capture、read 或 write" }),
  expiresAt: z.iso
    .datetime({ offset: true, message: "到期时间须为 ISO 8601 时间" })
    .refine((at) => Date.parse(at) > Date.now(), { message: "到期时间须在将来" })
    .optional(),
});
export type CreateAccessTokenRequest = z.input<typeof CreateAccessTokenRequestSchema>;

/** The answer to creating one: the only time `token` is ever sent. */
export const CreatedAccessTokenSchema = AccessTokenSchema.extend({ token: z.string() });
export type CreatedAccessToken = z.infer<typeof CreatedAccessTokenSchema>;

/** The older capture-token calls (/api/auth/capture-tokens): the `capture` scope only, in their first shape. */
export const CaptureTokenSchema = AccessTokenSchema.pick({
  id: true,
  name: true,
  createdAt: true,
  lastUsedAt: true,
});
export type CaptureToken = z.infer<typeof CaptureTokenSchema>;

export const CaptureTokenListSchema = z.object({ items: z.array(CaptureTokenSchema) });
export type CaptureTokenList = z.infer<typeof CaptureTokenListSchema>;

export const CreateCaptureTokenRequestSchema = z.strictObject({ name: TokenNameSchema });
export type CreateCaptureTokenRequest = z.input<typeof CreateCaptureTokenRequestSchema>;

export const CreatedCaptureTokenSchema = CaptureTokenSchema.extend({ token: z.string() });
export type CreatedCaptureToken = z.infer<typeof CreatedCaptureTokenSchema>;

export const NicknameSchema = z
  .string()
  .trim()
  .min(1, { message: "昵称须为 1–20 个字符" })
  .max(20, { message: "昵称须为 1–20 个字符" });

export const UpdateProfileRequestSchema = z
  .strictObject({
    nickname: NicknameSchema.optional(),
    identityDescription: z
      .string()
      .trim()
      .max(500, { message: "自我介绍最多 500 个字符" })
      .nullable()
      .optional(),
    settings: z
      .strictObject({
        autoTidy: z.boolean(),
        reviewCount: ReviewCountSchema,
        guideSkipped: z.boolean(),
        digest: DigestFrequencySchema,
      })
      .partial()
      .refine((v) => Object.keys(v).length > 0, { message: "settings 中没有需要更新的设置" })
      .optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: "没有需要更新的内容" });
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;

export const ProfileCountsSchema = z.object({
  ideas: z.number().int(),
  notes: z.number().int(),
  points: z.number().int(),
  /** Ideas and notes made this calendar month (Beijing time), as the counts above: not those in 回收站. */
  thisMonth: z.number().int(),
});

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/**
 * What the account stores against its quota. Items: ideas + notes, those in 回收站 too (they take
 * room until deleted for good). Bytes: the UTF-8 bytes of everything written (ideas and their AI
 * versions, notes, chat messages, the profile) and uploaded (the avatar). A limit of null: none.
 */
export const UsageSchema = z.object({
  items: z.number().int(),
  maxItems: z.number().int().nullable(),
  bytes: z.number().int(),
  maxBytes: z.number().int().nullable(),
});
export type Usage = z.infer<typeof UsageSchema>;

export const ProfileSchema = UserSchema.extend({ counts: ProfileCountsSchema });
export type Profile = z.infer<typeof ProfileSchema>;
