/** Box metrics of a textarea, in px, as read from getComputedStyle and scrollHeight. */
export type TextareaMetrics = {
  scrollHeight: number;
  lineHeight: number;
  paddingY: number;
  borderY: number;
};

/**
 * The border-box height that shows the content, clamped between `minRows` and `maxRows`
 * lines, and whether the content overflows (so the textarea should scroll).
 */
export function autosizeHeight(
  { scrollHeight, lineHeight, paddingY, borderY }: TextareaMetrics,
  minRows: number,
  maxRows: number,
): { height: number; overflowing: boolean } {
  const content = scrollHeight - paddingY;
  const min = minRows * lineHeight;
  const max = Math.max(min, maxRows * lineHeight);
  const clamped = Math.min(Math.max(content, min), max);
  return { height: clamped + paddingY + borderY, overflowing: content > max };
}
