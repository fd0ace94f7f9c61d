import { z } from "zod";
import { IdSchema, TimestampSchema } from "./common.ts";

/**
 * A personal token for capturing from outside the app (iOS 快捷指令, Android HTTP Shortcuts):
 * it may only create ideas, and the token itself is shown once, when it is made.
 */
export const CaptureTokenSchema = z.object({
  id: IdSchema,
  name: z.string(),
  createdAt: TimestampSchema,
  lastUsedAt: TimestampSchema.nullable(),
});
export type CaptureToken = z.infer<typeof CaptureTokenSchema>;

export const CaptureTokenListSchema = z.object({ items: z.array(CaptureTokenSchema) });
export type CaptureTokenList = z.infer<typeof CaptureTokenListSchema>;

export const CreateCaptureTokenRequestSchema = z.strictObject({
  name: z
    .string({ message: "请输入令牌名称" })
    .trim()
    .min(1, { message: "令牌名称须为 1–30 个字符" })
    .max(30, { message: "令牌名称须为 1–30 个字符" }),
});
export type CreateCaptureTokenRequest = z.input<typeof CreateCaptureTokenRequestSchema>;

/** The answer to creating one: the only time `token` is ever sent. */
export const CreatedCaptureTokenSchema = CaptureTokenSchema.extend({ token: z.string() });
export type CreatedCaptureToken = z.infer<typeof CreatedCaptureTokenSchema>;
