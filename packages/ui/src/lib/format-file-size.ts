const bytesPerMB = 1024 * 1024;

/**
 * Formats a byte count as megabytes with two decimals ("5.50 MB"). A non-empty file never
 * shows as "0.00 MB": anything below 0.01 MB reads "0.01 MB". Invalid or negative input reads "0.00 MB".
 */
export function formatFileSizeMB(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0.00 MB";
  const megabytes = Math.max(bytes / bytesPerMB, 0.01);
  return `${megabytes.toFixed(2)} MB`;
}
