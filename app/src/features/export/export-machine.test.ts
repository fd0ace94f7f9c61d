import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deferred } from "../../../test/support/deferred.ts";
import {
  createExportMachine,
  type ExportDownload,
  type ExportIO,
  type ExportPermissionAnswer,
  PREPARING_MS,
} from "./export-machine.ts";

const allowed: ExportPermissionAnswer = {
  success: true,
  message: "可以导出",
  data: { canExport: true, nextAllowedDate: null },
};
const zip = (size = 3 * 1024 * 1024) => new Blob([new Uint8Array(size)], { type: "application/zip" });

function setup(overrides: Partial<ExportIO> = {}) {
  const permission = deferred<ExportPermissionAnswer>();
  const download = deferred<ExportDownload>();
  const signals: AbortSignal[] = [];
  const saveFile = vi.fn();
  const io: ExportIO = {
    checkPermission: (signal) => {
      signals.push(signal);
      return permission.promise;
    },
    requestExport: (signal) => {
      signals.push(signal);
      return download.promise;
    },
    saveFile,
    random: () => 0.5, // each tick adds 2 + floor(4.5) = 6
    now: () => new Date("2026-11-22T08:00:00.000Z"),
    formatDate: (iso) => `日期(${iso})`,
    ...overrides,
  };
  const machine = createExportMachine(io);
  return { machine, permission, download, signals, saveFile };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("export machine", () => {
  it("walks idle → checking → preparing → processing → downloading → completed", async () => {
    const { machine, permission, download, saveFile } = setup();
    expect(machine.getStatus().status).toBe("idle");
    expect(machine.isExporting()).toBe(false);

    void machine.start();
    expect(machine.getStatus()).toMatchObject({ status: "checking", progress: 0 });
    expect(machine.isExporting()).toBe(true);

    permission.resolve(allowed);
    await flush();
    expect(machine.getStatus()).toMatchObject({ status: "preparing", progress: 10 });
    expect(machine.isExporting()).toBe(true);

    await vi.advanceTimersByTimeAsync(PREPARING_MS);
    expect(machine.getStatus()).toMatchObject({ status: "processing", progress: 30 });
    const firstMessage = machine.getStatus().message;

    await vi.advanceTimersByTimeAsync(1_000);
    expect(machine.getStatus().progress).toBe(36);
    expect(machine.getStatus().message).not.toBe(firstMessage);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(machine.getStatus().progress).toBe(42);

    const blob = zip();
    download.resolve({
      blob,
      filename: "拾念导出_20261122_160000.zip",
      count: { thoughts: 3, notes: 2, total: 5 },
    });
    await flush();
    expect(machine.getStatus()).toMatchObject({ status: "downloading", progress: 95 });
    expect(machine.isExporting()).toBe(true);
    expect(saveFile).toHaveBeenCalledWith(blob, "拾念导出_20261122_160000.zip");

    await vi.advanceTimersByTimeAsync(999);
    expect(machine.getStatus().status).toBe("downloading");
    await vi.advanceTimersByTimeAsync(1);
    expect(machine.getStatus()).toEqual({
      status: "completed",
      progress: 100,
      message: "导出完成",
      error: null,
      result: {
        filename: "拾念导出_20261122_160000.zip",
        fileSize: blob.size,
        exportCount: { thoughts: 3, notes: 2, total: 5 },
        exportTime: "2026-11-22T08:00:00.000Z",
      },
    });
    expect(machine.isExporting()).toBe(false);
  });

  it("rises by 2–10 a tick and never passes 85", async () => {
    const values = [0, 0.999];
    let i = 0;
    const { machine, permission } = setup({ random: () => values[i++ % 2] ?? 0 });
    void machine.start();
    permission.resolve(allowed);
    await flush();
    await vi.advanceTimersByTimeAsync(PREPARING_MS);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(machine.getStatus().progress).toBe(32);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(machine.getStatus().progress).toBe(42);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(machine.getStatus().progress).toBe(85);
    expect(machine.getStatus().status).toBe("processing");
  });

  it("refuses with the next allowed date inside the cooldown", async () => {
    const { machine, permission } = setup();
    void machine.start();
    permission.resolve({
      success: true,
      message: "x",
      data: { canExport: false, nextAllowedDate: "2026-11-22T09:00:00.000Z" },
    });
    await flush();
    expect(machine.getStatus()).toMatchObject({
      status: "error",
      message: "导出失败",
      error: "暂时无法导出数据，下次可导出时间：日期(2026-11-22T09:00:00.000Z)",
    });
    expect(machine.isExporting()).toBe(false);
  });

  it("says 未知 when the refusal has no date", async () => {
    const { machine, permission } = setup();
    void machine.start();
    permission.resolve({ success: true, data: { canExport: false, nextAllowedDate: null } });
    await flush();
    expect(machine.getStatus().error).toBe("暂时无法导出数据，下次可导出时间：未知");
  });

  it("fails the permission check when success is false", async () => {
    const { machine, permission } = setup();
    void machine.start();
    permission.resolve({ success: false, message: "nope" });
    await flush();
    expect(machine.getStatus()).toMatchObject({
      status: "error",
      message: "检查权限失败",
      error: "检查导出权限失败",
    });
  });

  it("shows the client's message when the permission call itself fails", async () => {
    const { machine, permission } = setup();
    void machine.start();
    permission.reject(new Error("网络连接失败，请检查网络设置"));
    await flush();
    expect(machine.getStatus()).toMatchObject({
      status: "error",
      message: "检查权限失败",
      error: "网络连接失败，请检查网络设置",
    });
  });

  it("fails with 未收到响应数据 when the export answers without a body", async () => {
    const { machine, permission, download, saveFile } = setup();
    void machine.start();
    permission.resolve(allowed);
    await flush();
    await vi.advanceTimersByTimeAsync(PREPARING_MS);
    download.resolve({ blob: null, filename: "x.zip", count: null });
    await flush();
    expect(machine.getStatus()).toMatchObject({
      status: "error",
      message: "导出失败",
      error: "导出失败：未收到响应数据",
    });
    expect(saveFile).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(machine.getStatus().progress).toBe(0);
  });

  it("falls back to 未知错误 for a failure without a message", async () => {
    const { machine, permission, download } = setup();
    void machine.start();
    permission.resolve(allowed);
    await flush();
    await vi.advanceTimersByTimeAsync(PREPARING_MS);
    download.reject("boom");
    await flush();
    expect(machine.getStatus()).toMatchObject({ status: "error", message: "导出失败", error: "未知错误" });
  });

  it("counts are 0 when the server sends none", async () => {
    const { machine, permission, download } = setup();
    void machine.start();
    permission.resolve(allowed);
    await flush();
    await vi.advanceTimersByTimeAsync(PREPARING_MS);
    download.resolve({ blob: zip(10), filename: "a.zip", count: null });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(machine.getStatus().result?.exportCount).toEqual({ thoughts: 0, notes: 0, total: 0 });
  });

  it("cancel aborts the request, stops the simulation and returns to idle", async () => {
    const { machine, permission, download, signals, saveFile } = setup();
    const seen: string[] = [];
    machine.subscribe((s) => seen.push(s.status));
    void machine.start();
    permission.resolve(allowed);
    await flush();
    await vi.advanceTimersByTimeAsync(PREPARING_MS + 2_000);
    machine.cancel();
    expect(signals[1]?.aborted).toBe(true);
    expect(machine.getStatus()).toEqual({
      status: "idle",
      progress: 0,
      message: "",
      error: null,
      result: null,
    });
    seen.length = 0;
    await vi.advanceTimersByTimeAsync(5_000);
    download.reject(new DOMException("aborted", "AbortError"));
    await flush();
    expect(seen).toEqual([]);
    expect(machine.getStatus().status).toBe("idle");
    expect(saveFile).not.toHaveBeenCalled();
  });

  it("reset during checking cancels the permission request", async () => {
    const { machine, permission, signals } = setup();
    void machine.start();
    machine.reset();
    expect(signals[0]?.aborted).toBe(true);
    permission.resolve(allowed);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(machine.getStatus().status).toBe("idle");
  });

  it("ignores start while running, and 再次导出 starts again from completed or error", async () => {
    let calls = 0;
    const { machine } = setup({
      checkPermission: async () => {
        calls += 1;
        return calls === 1 ? { success: false } : allowed;
      },
      requestExport: async () => ({ blob: zip(1), filename: "b.zip", count: null }),
    });
    void machine.start();
    void machine.start();
    await flush();
    expect(calls).toBe(1);
    expect(machine.getStatus().status).toBe("error");
    void machine.retry();
    await flush();
    await vi.advanceTimersByTimeAsync(PREPARING_MS + 1_000);
    expect(machine.getStatus().status).toBe("completed");
    void machine.retry();
    expect(machine.getStatus().status).toBe("checking");
  });

  it("asks for 回收站 too when chosen, and 再次导出 repeats the choice", async () => {
    const asked: { includeTrash?: boolean }[] = [];
    const { machine } = setup({
      checkPermission: async () => allowed,
      requestExport: async (_signal, options) => {
        asked.push(options);
        return { blob: zip(1), filename: "a.zip", count: null };
      },
    });
    void machine.start({ includeTrash: true });
    await flush();
    await vi.advanceTimersByTimeAsync(PREPARING_MS + 1_000);
    expect(machine.getStatus().status).toBe("completed");
    void machine.retry();
    await flush();
    await vi.advanceTimersByTimeAsync(PREPARING_MS + 1_000);
    void machine.start({});
    await flush();
    await vi.advanceTimersByTimeAsync(PREPARING_MS + 1_000);
    expect(asked).toEqual([{ includeTrash: true }, { includeTrash: true }, {}]);
  });
});
