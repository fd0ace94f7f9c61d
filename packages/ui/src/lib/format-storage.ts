const KB = 1024;
const MB = 1024 ** 2;
const GB = 1024 ** 3;

/**
 * A byte count the way people say storage: "1 GB", "12.3 MB", "850 KB" (binary units, one
 * decimal at most, none when whole). Below 1 KB reads "0 KB" only for 0, else "1 KB".
 */
export function formatStorage(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 KB";
  const [unit, size] = bytes >= GB ? ["GB", GB] : bytes >= MB ? ["MB", MB] : ["KB", KB];
  const value = Math.max(bytes / size, unit === "KB" ? 1 : 0);
  const shown = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${unit}`;
}
