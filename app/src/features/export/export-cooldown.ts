import type { ExportPermissionAnswer } from "./export-machine.ts";

/**
 * The export's cooldown as this device knows it: when the next export is allowed. A policy, not a
 * failure, so the buttons that would start an export wait with a countdown instead of leading to
 * 导出失败 (the machine itself still asks the server's permission before every export).
 * Framework-free: the hook below subscribes to it, tests drive it with fake timers.
 */
export type Cooldown =
  /** allowed now, or not known yet */
  | { kind: "open" }
  /** not before `until` (ms since the epoch) */
  | { kind: "waiting"; until: number }
  /** refused without a time (the server said none) */
  | { kind: "unknown" };

/** "59 分 30 秒", "2 小时 5 分", "45 秒": how long is left, rounded up to what is shown. */
export function remainingText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} 秒`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} 分 ${seconds % 60} 秒`;
  const minutes = Math.ceil(seconds / 60);
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} 小时 ${minutes % 60} 分` : `${hours} 小时`;
}

export type CooldownIO = {
  checkPermission: () => Promise<ExportPermissionAnswer>;
  now?: () => number;
};

export function createCooldown(io: CooldownIO) {
  const now = io.now ?? Date.now;
  let state: Cooldown = { kind: "open" };
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();

  const set = (next: Cooldown) => {
    if (timer) clearTimeout(timer);
    timer = null;
    state = next;
    // the wait ends by itself on this device: the next click asks the server anyway
    if (next.kind === "waiting")
      timer = setTimeout(() => set({ kind: "open" }), Math.max(0, next.until - now()));
    for (const listener of listeners) listener();
  };

  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Asks the server (after an export, when a screen offering it opens); a failed answer leaves it as it was. */
    async refresh() {
      const mine = ++asked;
      let answer: ExportPermissionAnswer;
      try {
        answer = await io.checkPermission();
      } catch {
        return;
      }
      if (mine !== asked || !answer?.success || !answer.data) return;
      if (answer.data.canExport) return set({ kind: "open" });
      // the server's seconds left, counted from now on this device: its clock may be off by hours
      const left = answer.data.retryAfterSeconds;
      const until =
        typeof left === "number"
          ? now() + left * 1000
          : answer.data.nextAllowedDate
            ? Date.parse(answer.data.nextAllowedDate)
            : Number.NaN;
      if (Number.isNaN(until)) return set({ kind: "unknown" });
      set(until > now() ? { kind: "waiting", until } : { kind: "open" });
    },
  };
}

export type ExportCooldown = ReturnType<typeof createCooldown>;
