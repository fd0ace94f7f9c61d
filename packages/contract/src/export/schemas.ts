import { z } from "zod";

export const ExportPermissionSchema = z.object({
  canExport: z.boolean(),
  /** ISO time from which the next export is allowed; null when allowed now. */
  nextAllowedDate: z.string().nullable(),
  /**
   * Seconds until then, by the server's clock: a countdown from it is right however wrong the
   * device's clock is. Null when allowed now; absent in older answers.
   */
  retryAfterSeconds: z.number().int().nonnegative().nullable().optional(),
});
export type ExportPermission = z.infer<typeof ExportPermissionSchema>;

export const ExportRequestSchema = z.strictObject({
  /** Also put what is in 回收站 into data.json (`trash`: each item as it was deleted). */
  includeTrash: z.boolean().optional(),
});

export const ExportCountSchema = z.object({
  thoughts: z.number().int(),
  notes: z.number().int(),
  total: z.number().int(),
});
export type ExportCount = z.infer<typeof ExportCountSchema>;

export const EXPORT_FILE_PREFIX = "拾念导出";

/** The fixed text of a refused export; {date} is the next allowed time or 未知. */
export const exportCooldownMessage = (date: string | null) =>
  `暂时无法导出数据，下次可导出时间：${date ?? "未知"}`;
