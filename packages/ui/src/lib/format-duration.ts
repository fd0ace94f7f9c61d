/** A recording's length as a clock shows it: 0:07, 1:05, 12:00 (minutes:seconds, whole seconds). */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
