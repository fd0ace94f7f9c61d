import { z } from "zod";
import "./zod-locale.ts";
import { MAX_TAG_LENGTH, MAX_TAGS } from "./tag-paths.ts";

export const IdSchema = z.uuid({ message: "ID 格式不正确" });
export const TimestampSchema = z.iso.datetime({ offset: true });

export const TagSchema = z
  .string()
  .trim()
  .min(1, { message: "标签不能为空" })
  .max(MAX_TAG_LENGTH, { message: `每个标签最多 ${MAX_TAG_LENGTH} 个字符` });

export const TagsSchema = z
  .array(TagSchema)
  .max(MAX_TAGS, { message: `最多 ${MAX_TAGS} 个标签` })
  .transform((tags) => [...new Set(tags)]);

export const CursorSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, { message: "cursor 格式不正确" });

export const LimitSchema = z.coerce
  .number()
  .int()
  .min(1, { message: "limit 至少为 1" })
  .max(100, { message: "limit 最多为 100" })
  .default(20);

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export type Page<T> = { items: T[]; nextCursor: string | null };

/** An outbound address the server will call: http(s), no user name or password in it (credentials have their own fields). */
export const outboundUrlSchema = (label: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `请填写${/^[A-Za-z]/.test(label) ? " " : ""}${label}` })
    .max(500, { message: `${label}最多 500 个字符` })
    .refine(
      (text) => {
        try {
          const url = new URL(text);
          return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
        } catch {
          return false;
        }
      },
      { message: `${label}须是 https:// 网址，且不含用户名和密码` },
    );
