import { z } from "zod";
import { UserSchema } from "./auth.ts";
import { ReviewCountSchema } from "./review.ts";

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
      .strictObject({ autoTidy: z.boolean(), reviewCount: ReviewCountSchema, guideSkipped: z.boolean() })
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
