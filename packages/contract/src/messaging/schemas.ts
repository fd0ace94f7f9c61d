import { z } from "zod";

/** Where a chat account lives: a WeChat 公众号's follower, or a Telegram chat. */
export const MessagingPlatformSchema = z.enum(["wechat", "telegram"]);
export type MessagingPlatform = z.infer<typeof MessagingPlatformSchema>;

export const MESSAGING_PLATFORM_LABELS: Record<MessagingPlatform, string> = {
  wechat: "微信公众号",
  telegram: "Telegram",
};

/** A bind code is 8 digits and works once, for this long. */
export const BIND_CODE_TTL_MINUTES = 10;
export const BIND_CODE_PATTERN = /^\d{8}$/;

/** A one-time code: sent as `绑定 12345678` to the 公众号 (or the bot), it binds that chat account. */
export const BindCodeSchema = z.object({
  code: z.string().regex(BIND_CODE_PATTERN),
  expiresAt: z.iso.datetime(),
});
export type BindCode = z.infer<typeof BindCodeSchema>;

/** A chat account bound to this account: messages sent from it become ideas here. */
export const MessagingBindingSchema = z.object({
  id: z.uuid(),
  platform: MessagingPlatformSchema,
  /** The chat account, shortened (an openid's first and last characters): enough to tell two apart. */
  label: z.string(),
  createdAt: z.iso.datetime(),
});
export type MessagingBinding = z.infer<typeof MessagingBindingSchema>;

export const MessagingStatusSchema = z.object({
  /** The platforms this server takes messages from (the operator's settings); empty: none. */
  platforms: z.array(MessagingPlatformSchema),
  items: z.array(MessagingBindingSchema),
});
export type MessagingStatus = z.infer<typeof MessagingStatusSchema>;
