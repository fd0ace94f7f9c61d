import { ExportPermissionSchema, ExportRequestSchema } from "../export.ts";
import { HealthSchema } from "../health.ts";
import { LedgerPageSchema, LedgerQuerySchema, PointsSchema } from "../points.ts";
import { routes } from "../routes.ts";
import type { Endpoint } from "./endpoint.ts";

/** Health, AI points and the export. */
export const systemEndpoints = {
  health: { ...routes.health, tag: "系统", summary: "健康检查", auth: false, data: HealthSchema },
  getPoints: { ...routes.getPoints, tag: "AI点数", summary: "余额与价目", auth: true, data: PointsSchema },
  listLedger: {
    ...routes.listLedger,
    tag: "AI点数",
    summary: "点数明细（新的在前，游标分页）",
    auth: true,
    query: LedgerQuerySchema,
    data: LedgerPageSchema,
  },
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
} satisfies Record<string, Endpoint>;
