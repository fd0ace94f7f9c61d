import { IDEA_MAX_IMAGES, IDEA_MAX_RECORDINGS } from "@shinian/contract";
import { z } from "zod";
import { ApiError } from "../errors.ts";
import { invalid } from "./wire.ts";

/**
 * A memo as clients send it (create and patch). Loose: they send back whole memos, output-only
 * fields and all, which are ignored. Times may carry fractions (MoeMemos Android); visibility is
 * accepted and ignored (every memo here is PRIVATE); updateTime and tags are the server's.
 */

/** memos' uid rule (internal/base/resource_name.go), also the CHECK of migration 040. */
export const MEMO_UID = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,34}[A-Za-z0-9])?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const Content = z
  .string({ message: "请输入内容" })
  .max(10_000, { message: "想法最多 10000 个字符" })
  .refine((v) => v.trim().length > 0, { message: "内容不能为空" });

const AttachmentRef = z.object({
  name: z.string().regex(/^attachments\/[0-9a-fA-F-]{36}$/, { message: "附件名应为 attachments/<id>" }),
});

const MemoBody = z.object({
  content: Content.optional(),
  state: z
    .enum(["STATE_UNSPECIFIED", "NORMAL", "ARCHIVED"], { message: "state 只能是 NORMAL 或 ARCHIVED" })
    .optional(),
  visibility: z
    .enum(["VISIBILITY_UNSPECIFIED", "PRIVATE", "PROTECTED", "PUBLIC"], {
      message: "visibility 只能是 PRIVATE、PROTECTED 或 PUBLIC",
    })
    .optional(),
  pinned: z.boolean({ message: "pinned 须为 true 或 false" }).optional(),
  createTime: z.iso.datetime({ offset: true, message: "createTime 须为 RFC 3339 时间" }).optional(),
  attachments: z
    .array(AttachmentRef)
    .max(IDEA_MAX_IMAGES + IDEA_MAX_RECORDINGS, {
      message: `每条想法最多 ${IDEA_MAX_IMAGES} 张图片和 ${IDEA_MAX_RECORDINGS} 段录音`,
    })
    .optional(),
});
export type MemoBody = z.infer<typeof MemoBody>;

const idsOf = (refs: { name: string }[] | undefined) =>
  refs && [...new Set(refs.map((r) => r.name.slice("attachments/".length).toLowerCase()))];

/** The JSON body, or a 400 in memos' words. */
export async function readJson(req: { json: () => Promise<unknown> }): Promise<unknown> {
  try {
    return await req.json();
  } catch (err) {
    if (err instanceof ApiError) throw err; // the body limit (413)
    throw new ApiError("VALIDATION_ERROR", "请求体须为 JSON");
  }
}

export function parseMemo(json: unknown) {
  const parsed = MemoBody.safeParse(json);
  if (!parsed.success) throw invalid(parsed.error);
  return { ...parsed.data, attachmentIds: idsOf(parsed.data.attachments) };
}

/** `?memoId=`: memos' uid rule; a uuid is refused too, since ideas answer to their id already. */
export function parseMemoId(memoId: string | undefined) {
  const uid = memoId?.trim();
  if (!uid) return undefined;
  if (!MEMO_UID.test(uid) || UUID.test(uid))
    throw new ApiError(
      "VALIDATION_ERROR",
      "memoId 须为 1–36 个字母、数字或连字符，且首尾为字母或数字（不能是 UUID）",
    );
  return uid;
}

const MASKABLE = new Set([
  "content",
  "state",
  "visibility",
  "pinned",
  "attachments",
  "create_time",
  "update_time",
  "display_time",
]);
const camel = (field: string) => field.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
const snake = (field: string) => field.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

/**
 * The fields a PATCH changes: its `updateMask` (snake or camel case, comma-separated), or else the
 * body's own keys (MoeMemos sends no mask). Output-only fields in the body are ignored; an
 * unknown field in a mask is a 400.
 */
export function patchFields(updateMask: string | undefined, body: Record<string, unknown>): Set<string> {
  if (updateMask?.trim()) {
    const fields = updateMask.split(",").map((f) => snake(f.trim()));
    const unknown = fields.find((f) => !MASKABLE.has(f));
    if (unknown) throw new ApiError("VALIDATION_ERROR", `updateMask 中的字段不支持：${unknown.slice(0, 50)}`);
    return new Set(fields.map(camel));
  }
  return new Set(Object.keys(body).filter((k) => body[k] !== null && MASKABLE.has(snake(k))));
}
