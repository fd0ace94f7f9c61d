import { isLocalAddress } from "./address-guard.ts";

/**
 * Why a server-to-server address may not be used (Chinese), or null: https only and no local
 * address, unless OUTBOUND_ALLOW_LOCAL. A name is checked again where each connection is made
 * (address-guard.ts): it may resolve elsewhere later.
 */
export function refuseOutboundUrl(url: string, allowLocal: boolean): string | null {
  if (allowLocal) return null;
  const u = new URL(url);
  if (u.protocol !== "https:") return "接收地址须以 https:// 开头";
  const host = u.hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost") || isLocalAddress(host)) {
    return "不能使用本机或内网的地址";
  }
  return null;
}
