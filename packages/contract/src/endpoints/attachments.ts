import { AttachmentSchema, FileQuerySchema } from "../attachments.ts";
import { routes } from "../routes.ts";
import type { Endpoint } from "./endpoint.ts";

/** Images on ideas and notes: uploaded once, attached by id, served by short-lived signed URLs. */
export const attachmentEndpoints = {
  createAttachment: {
    ...routes.createAttachment,
    tag: "附件",
    summary:
      "上传图片（PNG/JPEG/WebP/GIF，按文件内容识别类型；去除 EXIF 位置等信息并生成缩略图），再以 attachmentIds 附到想法或笔记上；一天内未附上即删除",
    auth: true,
    upload: true,
    data: AttachmentSchema,
    status: 201,
    errors: [400, 403, 413, 415, 429, 503],
  },
  getFile: {
    ...routes.getFile,
    tag: "附件",
    summary: "附件原图（签名地址，来自 attachments[].url，过期后请重新获取条目）",
    auth: false,
    query: FileQuerySchema,
    produces: "image/*",
    errors: [400, 403, 404],
  },
  getFileThumb: {
    ...routes.getFileThumb,
    tag: "附件",
    summary: "附件缩略图（签名地址，来自 attachments[].thumbnailUrl）",
    auth: false,
    query: FileQuerySchema,
    produces: "image/*",
    errors: [400, 403, 404],
  },
} satisfies Record<string, Endpoint>;
