import { z } from "zod";
import { outboundUrlSchema } from "../common.ts";

/** 定时备份到 WebDAV: how often (关闭 keeps the settings but uploads nothing). */
export const WebdavFrequencySchema = z.enum(["off", "daily", "weekly"]);
export type WebdavFrequency = z.infer<typeof WebdavFrequencySchema>;

export const WEBDAV_FREQUENCY_LABELS: Record<WebdavFrequency, string> = {
  off: "关闭",
  daily: "每天",
  weekly: "每周",
};

export const WEBDAV_KEEP_DEFAULT = 7;
export const WEBDAV_KEEP_MAX = 100;

/** A folder's address: http(s) only, no user name or password in it (they have their own fields). */
export const WebdavUrlSchema = outboundUrlSchema("WebDAV 地址");

const username = z
  .string()
  .trim()
  .min(1, { message: "请填写用户名" })
  .max(200, { message: "用户名最多 200 个字符" });
/** The app password as typed: never trimmed (spaces may be part of it), never answered back. */
const password = z
  .string()
  .min(1, { message: "请填写应用密码" })
  .max(500, { message: "应用密码最多 500 个字符" });
const keep = z
  .number()
  .int({ message: "保留份数须为整数" })
  .min(1, { message: "至少保留 1 份" })
  .max(WEBDAV_KEEP_MAX, { message: `最多保留 ${WEBDAV_KEEP_MAX} 份` });

/**
 * Saves the settings. The first save names address, user name and password; later ones name what
 * changes. A new address or user name needs the app password again (the saved one is never sent
 * to a server it was not given for) and the account password (a session alone cannot send every
 * note elsewhere).
 */
export const UpdateWebdavRequestSchema = z
  .strictObject({
    url: WebdavUrlSchema.optional(),
    username: username.optional(),
    password: password.optional(),
    frequency: WebdavFrequencySchema.optional(),
    keep: keep.optional(),
    /** 拾念's own login password: needed to set or change the address or user name, or to turn on again a backup a password change switched off. */
    accountPassword: z
      .string()
      .min(1, { message: "请填写登录密码" })
      .max(200, { message: "登录密码最多 200 个字符" })
      .optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: "没有需要更新的内容" });
export type UpdateWebdavRequest = z.input<typeof UpdateWebdavRequestSchema>;

/** 测试连接: of the fields given, falling back to the saved ones (the same password rule as saving). */
export const TestWebdavRequestSchema = z.strictObject({
  url: WebdavUrlSchema.optional(),
  username: username.optional(),
  password: password.optional(),
});
export type TestWebdavRequest = z.input<typeof TestWebdavRequestSchema>;

export const WebdavTestResultSchema = z.object({
  ok: z.boolean(),
  /** Chinese: 连接成功…, or why not (地址无法访问、用户名或密码错误、文件夹不存在 …) */
  message: z.string(),
});
export type WebdavTestResult = z.infer<typeof WebdavTestResultSchema>;

export const WebdavStatusSchema = z.object({
  /** false: this server has no key to store passwords with (SECRET_KEY); nothing can be saved. */
  available: z.boolean(),
  /** null until saved; the password is never in it. */
  settings: z
    .object({
      url: z.string(),
      username: z.string(),
      frequency: WebdavFrequencySchema,
      keep: z.number().int(),
    })
    .nullable(),
  /** when the address or user name was last set (ISO), null before the first save */
  targetChangedAt: z.string().nullable(),
  /** switched off by a password change or reset (Chinese: why, and what to do); null otherwise */
  stopped: z.object({ at: z.string(), message: z.string() }).nullable(),
  /** when the next upload is due (ISO), null when 关闭 */
  nextRunAt: z.string().nullable(),
  /** an upload is under way */
  running: z.boolean(),
  lastSuccess: z.object({ at: z.string(), fileName: z.string(), bytes: z.number().int() }).nullable(),
  /** the last failure since the last success (a success clears it) */
  lastFailure: z.object({ at: z.string(), message: z.string() }).nullable(),
});
export type WebdavStatus = z.infer<typeof WebdavStatusSchema>;
