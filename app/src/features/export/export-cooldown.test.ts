import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCooldown, remainingText } from "./export-cooldown.ts";
import type { ExportPermissionAnswer } from "./export-machine.ts";

const NOW = Date.parse("2026-11-22T08:00:00.000Z");
const refused = (next: string | null): ExportPermissionAnswer => ({
  success: true,
  message: "暂时无法导出数据",
  data: { canExport: false, nextAllowedDate: next },
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("remainingText", () => {
  it("says seconds, minutes and seconds, or hours and minutes, never 0", () => {
    expect(remainingText(45_000)).toBe("45 秒");
    expect(remainingText(200)).toBe("1 秒");
    expect(remainingText(0)).toBe("1 秒");
    expect(remainingText(59 * 60_000 + 30_000)).toBe("59 分 30 秒");
    expect(remainingText(60 * 60_000)).toBe("1 小时");
    expect(remainingText(2 * 3600_000 + 4 * 60_000 + 1)).toBe("2 小时 5 分");
  });
});

describe("the export cooldown", () => {
  it("waits until the server's next allowed time, then opens by itself", async () => {
    const cooldown = createCooldown({
      checkPermission: async () => refused(new Date(NOW + 90_000).toISOString()),
    });
    const seen: string[] = [];
    cooldown.subscribe(() => seen.push(cooldown.get().kind));
    expect(cooldown.get()).toEqual({ kind: "open" });
    await cooldown.refresh();
    expect(cooldown.get()).toEqual({ kind: "waiting", until: NOW + 90_000 });
    await vi.advanceTimersByTimeAsync(89_999);
    expect(cooldown.get().kind).toBe("waiting");
    await vi.advanceTimersByTimeAsync(1);
    expect(cooldown.get()).toEqual({ kind: "open" });
    expect(seen).toEqual(["waiting", "open"]);
  });

  it("counts down the server's seconds, whatever this device's clock says", async () => {
    // the device is an hour ahead: by its clock the server's time has passed long ago
    vi.setSystemTime(NOW + 3600_000);
    const cooldown = createCooldown({
      checkPermission: async () => ({
        success: true,
        message: "暂时无法导出数据",
        data: {
          canExport: false,
          nextAllowedDate: new Date(NOW + 90_000).toISOString(),
          retryAfterSeconds: 90,
        },
      }),
    });
    await cooldown.refresh();
    expect(cooldown.get()).toEqual({ kind: "waiting", until: NOW + 3600_000 + 90_000 });
    await vi.advanceTimersByTimeAsync(89_999);
    expect(cooldown.get().kind).toBe("waiting");
    await vi.advanceTimersByTimeAsync(1);
    expect(cooldown.get()).toEqual({ kind: "open" });
  });

  it("opens when allowed or when the time has passed; unknown when refused without a time", async () => {
    let answer = refused(null);
    const cooldown = createCooldown({ checkPermission: async () => answer });
    await cooldown.refresh();
    expect(cooldown.get()).toEqual({ kind: "unknown" });
    answer = refused(new Date(NOW - 1000).toISOString());
    await cooldown.refresh();
    expect(cooldown.get()).toEqual({ kind: "open" });
    answer = { success: true, message: "可以导出", data: { canExport: true, nextAllowedDate: null } };
    await cooldown.refresh();
    expect(cooldown.get()).toEqual({ kind: "open" });
  });

  it("keeps what it knew when the check fails, and only the latest answer counts", async () => {
    const answers: ((a: ExportPermissionAnswer) => void)[] = [];
    let fail = false;
    const cooldown = createCooldown({
      checkPermission: () =>
        fail ? Promise.reject(new Error("网络连接失败")) : new Promise((resolve) => answers.push(resolve)),
    });
    const first = cooldown.refresh();
    const second = cooldown.refresh();
    answers[1]!(refused(new Date(NOW + 60_000).toISOString()));
    await second;
    answers[0]!({ success: true, message: "可以导出", data: { canExport: true, nextAllowedDate: null } });
    await first;
    expect(cooldown.get()).toEqual({ kind: "waiting", until: NOW + 60_000 });
    fail = true;
    await cooldown.refresh();
    expect(cooldown.get().kind).toBe("waiting");
    await cooldown.refresh();
    const bad = createCooldown({ checkPermission: async () => ({ success: false, message: "x" }) });
    await bad.refresh();
    expect(bad.get()).toEqual({ kind: "open" });
  });
});
