import { z } from "zod";
import { outboundUrlSchema } from "../common.ts";

/**
 * Where a push can go: group robots, phone pushes, a signed plain webhook, and a Telegram chat
 * bound to the account (sent by the site's own bot).
 */
export const PUSH_CHANNEL_KINDS = [
  "wecom",
  "feishu",
  "dingtalk",
  "bark",
  "serverchan",
  "webhook",
  "telegram",
] as const;
export const PushChannelKindSchema = z.enum(PUSH_CHANNEL_KINDS);
export type PushChannelKind = z.infer<typeof PushChannelKindSchema>;

/** Each kind's name as the UI shows it. */
export const PUSH_CHANNEL_LABELS: Record<PushChannelKind, string> = {
  wecom: "企业微信群机器人",
  feishu: "飞书机器人",
  dingtalk: "钉钉机器人",
  bark: "Bark",
  serverchan: "Server酱",
  webhook: "Webhook",
  telegram: "Telegram",
};

/** Per account; the next is refused. */
export const PUSH_CHANNELS_MAX = 10;

const NameSchema = z
  .string()
  .trim()
  .max(30, { message: "名称最多 30 个字符" })
  .transform((s) => s || null);
const secretText = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .min(1, { message: `请填写${label}` })
    .max(max, { message: `${label}最多 ${max} 个字符` })
    .regex(/^[\x21-\x7e]+$/, { message: `${label}只能包含英文字母、数字和符号` });
const WhsecSchema = z
  .string()
  .trim()
  .regex(/^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/, {
    message: "签名密钥须以 whsec_ 开头，后接至少 24 字节的 base64",
  });

const webhookUrl = outboundUrlSchema("Webhook 地址");

/** Server酱 Turbo's SendKey (sctapi.ftqq.com); Server酱³'s (sctp…, its own host per account) is not taken yet. */
const SendKeySchema = secretText("SendKey", 100).refine((key) => !/^sctp\d+t/i.test(key), {
  message: "暂不支持 Server酱³ 的 SendKey（sctp 开头），请使用 Server酱 Turbo（sct.ftqq.com）的 SendKey",
});

/** A new channel: each kind with what its vendor asks for. Every secret (and each robot's address) is stored encrypted. */
export const CreatePushChannelRequestSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("wecom"), name: NameSchema.optional(), url: webhookUrl }),
  z.strictObject({
    kind: z.literal("feishu"),
    name: NameSchema.optional(),
    url: webhookUrl,
    secret: secretText("签名密钥").optional(),
  }),
  z.strictObject({
    kind: z.literal("dingtalk"),
    name: NameSchema.optional(),
    url: webhookUrl,
    secret: secretText("加签密钥").optional(),
  }),
  z.strictObject({
    kind: z.literal("bark"),
    name: NameSchema.optional(),
    url: outboundUrlSchema("Bark 服务器地址").default("https://api.day.app"),
    deviceKey: secretText("设备 Key", 100),
  }),
  z.strictObject({
    kind: z.literal("serverchan"),
    name: NameSchema.optional(),
    sendKey: SendKeySchema,
  }),
  z.strictObject({
    kind: z.literal("webhook"),
    name: NameSchema.optional(),
    url: webhookUrl,
    secret: WhsecSchema,
  }),
  /** A Telegram chat bound to this account (GET /api/messaging/bindings), sent to by the site's bot. */
  z.strictObject({ kind: z.literal("telegram"), name: NameSchema.optional(), bindingId: z.uuid() }),
]);
export type CreatePushChannelRequest = z.input<typeof CreatePushChannelRequestSchema>;

/** Changes one channel: fields left out stay; `enabled: true` switches it on again and clears its failures. */
export const UpdatePushChannelRequestSchema = z
  .strictObject({
    name: NameSchema.optional(),
    enabled: z.boolean().optional(),
    url: outboundUrlSchema("地址").optional(),
    /** Feishu's and DingTalk's signing secret (an empty string removes it), a webhook's whsec_ secret. */
    secret: z.string().trim().max(200, { message: "密钥最多 200 个字符" }).optional(),
    deviceKey: secretText("设备 Key", 100).optional(),
    sendKey: SendKeySchema.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: "没有要修改的内容" });
export type UpdatePushChannelRequest = z.input<typeof UpdatePushChannelRequestSchema>;

export const PushChannelSchema = z.object({
  id: z.uuid(),
  kind: PushChannelKindSchema,
  /** The person's name for it, else the kind's label. */
  name: z.string(),
  /** Where it goes, without its secrets: the address's host (Server酱: "sctapi.ftqq.com"; Telegram: the chat, shortened). */
  target: z.string(),
  /** Telegram: the bound chat it sends to (removed with the binding); null for the other kinds. */
  bindingId: z.uuid().nullable(),
  /** Whether a signing secret / device key / SendKey is saved (never answered itself). */
  secretSet: z.boolean(),
  enabled: z.boolean(),
  /** Why the server switched it off (after repeated failures), in Chinese; null while on. */
  disabledReason: z.string().nullable(),
  /** Failed sends in a row (switched off at 5). */
  failures: z.number().int(),
  /** The last failure's text (the channel's own words where it answered); null after a success. */
  lastError: z.string().nullable(),
  lastSentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type PushChannel = z.infer<typeof PushChannelSchema>;

const TimeOfDaySchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "时间格式应为 HH:MM，如 08:30" });

export const PushSettingsSchema = z.object({
  /** 每日回顾 is pushed each day at reviewAt (Beijing time). */
  review: z.boolean(),
  reviewAt: TimeOfDaySchema,
  /** A 周报/月报, once ready, is pushed too. */
  digests: z.boolean(),
});
export type PushSettings = z.infer<typeof PushSettingsSchema>;

export const UpdatePushSettingsRequestSchema = PushSettingsSchema.partial().strict();
export type UpdatePushSettingsRequest = z.input<typeof UpdatePushSettingsRequestSchema>;

export const PushStatusSchema = z.object({
  /** False: the server has no SECRET_KEY, pushes are off (`message` says so). */
  available: z.boolean(),
  message: z.string().nullable(),
  settings: PushSettingsSchema,
  channels: z.array(PushChannelSchema),
});
export type PushStatus = z.infer<typeof PushStatusSchema>;

export const PushTestResultSchema = z.object({
  ok: z.boolean(),
  /** 已发送, or why not: the channel's own error text where it answered one. */
  message: z.string(),
  channel: PushChannelSchema,
});
export type PushTestResult = z.infer<typeof PushTestResultSchema>;
