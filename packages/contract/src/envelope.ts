import { z } from "zod";
import "./zod-locale.ts";

/** Every error answer carries one of these codes; the HTTP status is fixed per code. */
export const errorCodes = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  INSUFFICIENT_POINTS: 402,
  FORBIDDEN: 403,
  QUOTA_EXCEEDED: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  /** 本地模式: the server has no AI provider for this (整理, 转成文字); the same answer everywhere. */
  AI_NOT_CONFIGURED: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  EXPORT_COOLDOWN: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;
export const ErrorCodeSchema = z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]);

/** Default Chinese messages; the server may send a more specific one. */
export const errorMessages: Record<ErrorCode, string> = {
  VALIDATION_ERROR: "请求参数有误",
  UNAUTHORIZED: "未登录或登录已过期",
  INSUFFICIENT_POINTS: "AI点数不足",
  FORBIDDEN: "没有权限执行此操作",
  QUOTA_EXCEEDED: "存储空间已用完，请先彻底删除一些内容",
  NOT_FOUND: "请求的内容不存在",
  REQUEST_TIMEOUT: "请求超时，请重试",
  CONFLICT: "请求与当前状态冲突",
  AI_NOT_CONFIGURED: "本地模式：服务器还没有配置 AI 服务",
  GONE: "内容已被删除",
  PAYLOAD_TOO_LARGE: "请求内容过大",
  UNSUPPORTED_MEDIA_TYPE: "不支持的内容类型",
  RATE_LIMITED: "操作过于频繁，请稍后再试",
  HEADERS_TOO_LARGE: "请求的网址或请求头过长",
  EXPORT_COOLDOWN: "暂时无法导出数据，下次可导出时间：未知",
  INTERNAL_ERROR: "服务器内部错误，请稍后再试",
  SERVICE_UNAVAILABLE: "服务繁忙，请稍后再试",
};

export const IssueSchema = z.object({ path: z.string(), message: z.string() });

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: ErrorCodeSchema,
  /** Field-level problems of a 400 answer. */
  issues: z.array(IssueSchema).optional(),
  /** Extra facts of some errors, e.g. the balance of a 402. */
  data: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data });

export type SuccessEnvelope<T> = { success: true; message?: string; data: T };
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;
