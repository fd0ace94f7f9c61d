/** A session's device as people name it (“Chrome · macOS”), from its User-Agent. */
export function describeDevice(ua: string): string {
  if (!ua) return "未知设备";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  const os = /iPhone|iPad/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
      ? "Android"
      : /Mac OS X/.test(ua)
        ? "macOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  if (browser && os) return `${browser} · ${os}`;
  return browser ?? os ?? ua.slice(0, 60);
}

/** What used an access token: a browser as a device, else the client's own name (“curl/8.5.0”, “MoeMemos/1.4”). */
export function describeClient(ua: string): string {
  const device = describeDevice(ua);
  if (device.includes(" · ")) return device; // a browser on a known system
  return ua.trim().split(/\s+/)[0]?.slice(0, 60) || "未知客户端";
}
