import type { WingEndpoints } from "../endpoint.ts";
import { routes } from "../routes.ts";
import {
  AttachmentSchema,
  FileQuerySchema,
  TranscribeRequestSchema,
  TranscriptionSchema,
} from "./schemas.ts";

/** Images and voice notes on ideas and notes: uploaded once, attached by id, served by short-lived signed URLs. */
export const attachmentEndpoints = {
  createAttachment: {
    ...routes.createAttachment,
    tag: "附件",
    summary:
      "上传图片（PNG/JPEG/WebP/GIF，去除 EXIF 位置等信息并生成缩略图）或录音（WebM/Opus、Ogg、MP4/M4A、MP3、WAV，原样保存，无缩略图），按文件内容识别类型，再以 attachmentIds 附到想法或笔记上；一天内未附上即删除",
    auth: true,
    token: "capture",
    upload: true,
    data: AttachmentSchema,
    status: 201,
    errors: [400, 403, 413, 415, 429, 503],
  },
  transcribeAttachment: {
    ...routes.transcribeAttachment,
    tag: "附件",
    summary:
      "录音转文字（AI_TRANSCRIBE_MODEL；先扣点数，失败退还）；本地模式或设置了不让AI读取时 409，录音只保存为音频",
    auth: true,
    body: TranscribeRequestSchema,
    data: TranscriptionSchema,
    errors: [400, 402, 404, 409, 415, 429, 503],
  },
  getFile: {
    ...routes.getFile,
    tag: "附件",
    summary: "附件原图或录音（签名地址，来自 attachments[].url，过期后请重新获取条目；录音支持 Range 请求）",
    auth: false,
    query: FileQuerySchema,
    produces: ["image/*", "audio/*"],
    errors: [400, 403, 404, 503],
  },
  getFileThumb: {
    ...routes.getFileThumb,
    tag: "附件",
    summary: "附件缩略图（签名地址，来自 attachments[].thumbnailUrl）",
    auth: false,
    query: FileQuerySchema,
    produces: "image/*",
    errors: [400, 403, 404, 503],
  },
} satisfies WingEndpoints<"attachments">;
