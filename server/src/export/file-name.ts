import { EXPORT_FILE_PREFIX } from "@shinian/contract";
import { beijingTime } from "../shared/beijing-time.ts";

/** 拾念导出_YYYYMMDD_HHMMSS.zip in Beijing time. */
export function exportFileName(at: Date): string {
  const [day, time] = beijingTime(at).split(" ") as [string, string];
  return `${EXPORT_FILE_PREFIX}_${day.replaceAll("-", "")}_${time.replaceAll(":", "")}.zip`;
}
