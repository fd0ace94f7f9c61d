import type { WingEndpoints } from "../endpoint.ts";
import { routes } from "../routes.ts";
import { ExportPermissionSchema, ExportRequestSchema } from "./schemas.ts";

/** The export: whether it may run now, and the zip itself. */
export const exportEndpoints = {
  exportPermission: {
    ...routes.exportPermission,
    tag: "数据导出",
    summary: "是否可以导出及下次可导出时间",
    auth: true,
    data: ExportPermissionSchema,
  },
  exportData: {
    ...routes.exportData,
    tag: "数据导出",
    summary: "导出全部数据（流式 zip；X-Export-Count 头给出数量）",
    auth: true,
    body: ExportRequestSchema,
    produces: "application/zip",
    errors: [409, 429, 503],
  },
} satisfies WingEndpoints<"export">;
