import type { WingEndpoints } from "../endpoint.ts";
import { routes } from "../routes.ts";
import { ImportCreatedSchema, ImportStatusSchema, StartImportRequestSchema } from "./schemas.ts";

/** 导入数据: a file is uploaded and previewed, then imported as a job that can be followed and cancelled. */
export const importEndpoints = {
  createImport: {
    ...routes.createImport,
    tag: "数据导入",
    summary:
      "上传要导入的文件（拾念导出 zip、flomo 导出 zip、memos 数据库、Markdown 文件或 zip），按内容识别类型并预览；预览一天内未开始即失效",
    auth: true,
    upload: true,
    data: ImportCreatedSchema,
    status: 201,
    errors: [400, 409, 413, 415, 429, 503],
  },
  getImport: {
    ...routes.getImport,
    tag: "数据导入",
    summary: "导入任务的状态与进度",
    auth: true,
    data: ImportStatusSchema,
    errors: [404],
  },
  startImport: {
    ...routes.startImport,
    tag: "数据导入",
    summary: "开始导入（只对预览中的任务）",
    auth: true,
    body: StartImportRequestSchema,
    data: ImportStatusSchema,
    errors: [404, 409],
  },
  cancelImport: {
    ...routes.cancelImport,
    tag: "数据导入",
    summary: "取消导入：已导入的内容全部撤回",
    auth: true,
    data: ImportStatusSchema,
    errors: [404],
  },
} satisfies WingEndpoints<"import">;
