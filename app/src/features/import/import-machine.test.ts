// Over 300 lines on purpose: one test per step and failure of the import machine (fake timers),
// each short; they share the fakes defined at the top.
import type { ImportCreated, ImportStatus } from "@shinian/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deferred } from "../../../test/support/deferred.ts";
import { ApiError } from "../../api/api-error.ts";
import {
  createImportMachine,
  IMPORT_MESSAGES,
  type ImportIO,
  POLL_BACKOFF_MAX_MS,
  POLL_MS,
} from "./import-machine.ts";

const preview = { ideas: 8, notes: 1, conversations: 1, duplicates: 2, from: "2024-03-01", to: "2026-11-20" };
const created = (kind: ImportCreated["kind"] = "flomo"): ImportCreated => ({ jobId: "job-1", kind, preview });
const job = (over: Partial<ImportStatus> = {}): ImportStatus => ({
  status: "running",
  kind: "flomo",
  preview,
  total: 10,
  done: 0,
  imported: { ideas: 0, notes: 0, conversations: 0 },
  skipped: 0,
  refused: [],
  refusedCount: 0,
  error: null,
  ...over,
});
const zip = () => new File([new Uint8Array(16)], "flomo.zip", { type: "application/zip" });

function setup(overrides: Partial<ImportIO> = {}) {
  const uploaded = deferred<ImportCreated>();
  const answers: (ImportStatus | Error)[] = [];
  const calls = {
    status: 0,
    cancel: [] as string[],
    start: [] as unknown[],
    remembered: [] as (string | null)[],
  };
  const uploadSignals: AbortSignal[] = [];
  const onSettled = vi.fn();
  const io: ImportIO = {
    upload: (_files, signal) => {
      uploadSignals.push(signal);
      return uploaded.promise;
    },
    start: async (_id, body) => {
      calls.start.push(body);
      return job({ done: 0 });
    },
    status: async () => {
      calls.status += 1;
      const answer = answers.shift() ?? job({ done: 0 });
      if (answer instanceof Error) throw answer;
      return answer;
    },
    cancel: async (id) => {
      calls.cancel.push(id);
      return job({ status: "cancelled" });
    },
    onSettled,
    remember: (id) => calls.remembered.push(id),
    ...overrides,
  };
  return { machine: createImportMachine(io), uploaded, answers, calls, uploadSignals, onSettled };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

async function toPreview(s: ReturnType<typeof setup>, kind: ImportCreated["kind"] = "flomo") {
  void s.machine.chooseFile(zip());
  s.uploaded.resolve(created(kind));
  await flush();
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("import machine", () => {
  it("walks idle → uploading → previewed → running → done, reading progress every 700 ms", async () => {
    const s = setup();
    expect(s.machine.getStatus()).toEqual({ phase: "idle" });
    void s.machine.chooseFile(zip());
    expect(s.machine.getStatus()).toEqual({ phase: "uploading", fileName: "flomo.zip" });
    s.uploaded.resolve(created());
    await flush();
    expect(s.machine.getStatus()).toEqual({
      phase: "previewed",
      fileName: "flomo.zip",
      kindLabel: "flomo 导出",
      preview,
      offersProfile: false,
    });
    expect(s.calls.remembered).toEqual(["job-1"]);

    s.answers.push(job({ done: 4 }), job({ done: 9 }));
    void s.machine.start({ takeProfile: true });
    expect(s.machine.getStatus()).toMatchObject({ phase: "running", done: 0, total: 10 });
    await flush();
    expect(s.calls.start).toEqual([{}]); // only a 拾念 export takes the profile
    expect(s.calls.status).toBe(0);
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(s.calls.status).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.machine.getStatus()).toMatchObject({ phase: "running", done: 4, total: 10 });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(s.machine.getStatus()).toMatchObject({ phase: "running", done: 9 });
    expect(s.onSettled).not.toHaveBeenCalled();

    const refused = [{ item: "第 3 条 memo", message: "内容为空" }];
    s.answers.push(
      job({
        status: "done",
        done: 10,
        imported: { ideas: 7, notes: 0, conversations: 0 },
        skipped: 2,
        refused,
        refusedCount: 1,
      }),
    );
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(s.machine.getStatus()).toEqual({
      phase: "done",
      imported: { ideas: 7, notes: 0, conversations: 0 },
      skipped: 2,
      refused,
      refusedCount: 1,
    });
    expect(s.onSettled).toHaveBeenCalledTimes(1);
    expect(s.calls.remembered).toEqual(["job-1", null]);
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(s.calls.status).toBe(3);

    s.machine.reset();
    expect(s.machine.getStatus()).toEqual({ phase: "idle" });
  });

  it("passes 同时导入昵称和自我介绍 on for a 拾念 export", async () => {
    const s = setup();
    await toPreview(s, "shinian");
    expect(s.machine.getStatus()).toMatchObject({ phase: "previewed", offersProfile: true });
    void s.machine.start({ takeProfile: true });
    await flush();
    expect(s.calls.start).toEqual([{ takeProfile: true }]);
  });

  it("shows the server's refusal of an upload, and a Chinese one where the server gave none", async () => {
    const cases: [unknown, string][] = [
      [new ApiError(413, "文件超过 200 MB，无法导入"), "文件超过 200 MB，无法导入"],
      [new ApiError(415, "请求失败"), IMPORT_MESSAGES.unknownKind],
      [new ApiError(409, "请求失败"), IMPORT_MESSAGES.busy],
      [new ApiError(0, "网络连接失败，请检查网络设置"), "网络连接失败，请检查网络设置"],
      [new Error("boom"), IMPORT_MESSAGES.uploadFailed],
    ];
    for (const [error, message] of cases) {
      const s = setup({ upload: () => Promise.reject(error) });
      void s.machine.chooseFile(zip());
      await flush();
      expect(s.machine.getStatus()).toEqual({ phase: "refused", error: message });
      expect(s.calls.remembered).toEqual([]);
    }
  });

  it("a refused upload can be followed by another file", async () => {
    let attempt = 0;
    const s = setup({
      upload: async () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError(415, "无法识别的文件");
        return created("memos");
      },
    });
    void s.machine.chooseFile(zip());
    await flush();
    expect(s.machine.getStatus().phase).toBe("refused");
    void s.machine.chooseFile(new File(["x"], "memos_prod.db"));
    await flush();
    expect(s.machine.getStatus()).toMatchObject({ phase: "previewed", kindLabel: "memos 数据库" });
  });

  it("取消 while uploading aborts the upload and ignores its late answer", async () => {
    const s = setup();
    void s.machine.chooseFile(zip());
    void s.machine.cancel();
    expect(s.uploadSignals[0]?.aborted).toBe(true);
    expect(s.machine.getStatus()).toEqual({ phase: "idle" });
    s.uploaded.resolve(created());
    await flush();
    expect(s.machine.getStatus()).toEqual({ phase: "idle" });
    expect(s.calls.cancel).toEqual([]);
  });

  it("取消 on the preview drops the waiting job", async () => {
    const s = setup();
    await toPreview(s);
    void s.machine.cancel();
    expect(s.machine.getStatus()).toEqual({ phase: "idle" });
    expect(s.calls.cancel).toEqual(["job-1"]);
    expect(s.calls.remembered).toEqual(["job-1", null]);
    expect(s.onSettled).not.toHaveBeenCalled();
  });

  it("取消导入 rolls back: cancelling, then cancelled, and a read sent before it cannot bring it back", async () => {
    const cancelled = deferred<ImportStatus>();
    const s = setup({ cancel: () => cancelled.promise });
    await toPreview(s);
    void s.machine.start({ takeProfile: false });
    await flush();
    s.answers.push(job({ done: 3 }));
    await vi.advanceTimersByTimeAsync(POLL_MS);
    const io = s.machine;
    void io.cancel();
    expect(io.getStatus()).toMatchObject({ phase: "running", cancelling: true, done: 3 });
    s.answers.push(job({ done: 5 }));
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(io.getStatus()).toMatchObject({ phase: "running", cancelling: true, done: 5 });
    cancelled.resolve(job({ status: "cancelled", done: 5 }));
    await flush();
    expect(io.getStatus()).toEqual({ phase: "cancelled" });
    expect(s.onSettled).toHaveBeenCalledTimes(1);
    const reads = s.calls.status;
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(s.calls.status).toBe(reads);
  });

  it("a read that was under way when the import ended does not move it", async () => {
    const reads: ReturnType<typeof deferred<ImportStatus>>[] = [];
    const s = setup({
      status: () => {
        const d = deferred<ImportStatus>();
        reads.push(d);
        return d.promise;
      },
      cancel: async () => job({ status: "cancelled" }),
    });
    await toPreview(s);
    void s.machine.start({ takeProfile: false });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(reads).toHaveLength(1);
    await s.machine.cancel();
    expect(s.machine.getStatus()).toEqual({ phase: "cancelled" });
    reads[0]?.resolve(job({ done: 7 }));
    await flush();
    expect(s.machine.getStatus()).toEqual({ phase: "cancelled" });
  });

  it("a queued job is followed as running, shown queued until a server process takes it", async () => {
    const s = setup({ start: async () => job({ status: "queued" }) });
    await toPreview(s);
    s.answers.push(job({ status: "queued" }), job({ done: 3 }));
    void s.machine.start({ takeProfile: false });
    await flush();
    expect(s.machine.getStatus()).toMatchObject({ phase: "running", queued: true, done: 0 });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(s.machine.getStatus()).toMatchObject({ phase: "running", queued: true });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(s.machine.getStatus()).toMatchObject({ phase: "running", queued: false, done: 3 });
  });

  it("a failed cancel leaves the import running", async () => {
    const s = setup({ cancel: () => Promise.reject(new ApiError(0, "网络连接失败，请检查网络设置")) });
    await toPreview(s);
    void s.machine.start({ takeProfile: false });
    await flush();
    await s.machine.cancel();
    expect(s.machine.getStatus()).toMatchObject({ phase: "running", cancelling: false });
  });

  it("backs off after failed reads, up to 10 s, and says it is reconnecting until a read succeeds", async () => {
    const s = setup();
    await toPreview(s);
    const offline = () => new ApiError(0, "网络连接失败，请检查网络设置");
    s.answers.push(offline(), offline(), offline(), offline(), offline(), offline(), offline());
    void s.machine.start({ takeProfile: false });
    await flush();
    const readTimes: number[] = [];
    const started = Date.now();
    let seen = 0;
    for (let t = 0; t < 65_000; t += 100) {
      await vi.advanceTimersByTimeAsync(100);
      if (s.calls.status > seen) {
        seen = s.calls.status;
        readTimes.push(Date.now() - started);
      }
    }
    const gaps = readTimes.map((t, i) => t - (readTimes[i - 1] ?? 0));
    const max = POLL_BACKOFF_MAX_MS;
    // seven failed reads, each waiting twice as long (at most 10 s); the 8th succeeds
    expect(gaps.slice(0, 9)).toEqual([POLL_MS, 1400, 2800, 5600, max, max, max, max, POLL_MS]);
    expect(s.machine.getStatus()).toMatchObject({ phase: "running" });
    expect(s.machine.getStatus()).not.toMatchObject({ reconnecting: true });
  });

  it("shows reconnecting after a failed read", async () => {
    const s = setup();
    await toPreview(s);
    s.answers.push(new ApiError(503, "服务暂时不可用"));
    void s.machine.start({ takeProfile: false });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(s.machine.getStatus()).toMatchObject({ phase: "running", reconnecting: true });
  });

  it("a job the server no longer knows ends as failed with its message", async () => {
    const s = setup();
    await toPreview(s);
    s.answers.push(new ApiError(404, "导入任务不存在"));
    void s.machine.start({ takeProfile: false });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(s.machine.getStatus()).toEqual({ phase: "failed", error: "导入任务不存在" });
    expect(s.calls.remembered).toEqual(["job-1", null]);
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(s.calls.status).toBe(1);
  });

  it("a failed import shows the server's Chinese reason", async () => {
    const s = setup();
    await toPreview(s);
    s.answers.push(job({ status: "failed", error: "「memos_prod.db」已损坏" }));
    void s.machine.start({ takeProfile: false });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(s.machine.getStatus()).toEqual({ phase: "failed", error: "「memos_prod.db」已损坏" });
    expect(s.onSettled).toHaveBeenCalledTimes(1);
  });

  it("a refused start (409) ends as failed with the server's message", async () => {
    const s = setup({ start: () => Promise.reject(new ApiError(409, "这次导入已经开始了")) });
    await toPreview(s);
    await s.machine.start({ takeProfile: false });
    expect(s.machine.getStatus()).toEqual({ phase: "failed", error: "这次导入已经开始了" });
  });

  it("a start whose answer is lost keeps the job and follows it when the server did start it", async () => {
    for (const lost of [
      new ApiError(0, "网络连接失败，请检查网络设置"),
      new ApiError(503, "服务暂时不可用"),
    ]) {
      const s = setup({ start: () => Promise.reject(lost) });
      await toPreview(s);
      s.answers.push(job({ done: 4 }), job({ status: "done", done: 10, skipped: 2 }));
      await s.machine.start({ takeProfile: false });
      expect(s.machine.getStatus()).toMatchObject({ phase: "running", reconnecting: true });
      await vi.advanceTimersByTimeAsync(2 * POLL_MS);
      expect(s.machine.getStatus()).toMatchObject({ phase: "running", done: 4 });
      expect(s.machine.getStatus()).not.toMatchObject({ reconnecting: true });
      await vi.advanceTimersByTimeAsync(POLL_MS);
      expect(s.machine.getStatus()).toMatchObject({ phase: "done", skipped: 2 });
      expect(s.calls.remembered).toEqual(["job-1", null]);
      expect(s.onSettled).toHaveBeenCalledTimes(1);
    }
  });

  it("a start whose answer is lost before the server started it offers 开始导入 again", async () => {
    let attempt = 0;
    const s = setup({
      start: async () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError(0, "网络连接失败，请检查网络设置");
        return job({ done: 0 });
      },
    });
    await toPreview(s);
    s.answers.push(new ApiError(0, "网络连接失败，请检查网络设置"), job({ status: "previewed" }));
    await s.machine.start({ takeProfile: false });
    await vi.advanceTimersByTimeAsync(2 * POLL_MS + 2 * 2 * POLL_MS);
    expect(s.machine.getStatus()).toEqual({
      phase: "previewed",
      fileName: "flomo.zip",
      kindLabel: "flomo 导出",
      preview,
      offersProfile: false,
    });
    expect(s.calls.remembered).toEqual(["job-1"]);
    await s.machine.start({ takeProfile: false });
    expect(s.machine.getStatus()).toMatchObject({ phase: "running" });
    expect(attempt).toBe(2);
  });

  it("an upload refused as busy follows this account's running import when its id was kept", async () => {
    const ids: string[] = [];
    const io = setup({
      upload: () => Promise.reject(new ApiError(409, "已有一个导入正在进行，请等它完成后再试")),
      recall: () => "job-7",
      status: async (id) => {
        ids.push(id);
        return job({ done: 3 + ids.length });
      },
    });
    void io.machine.chooseFile(zip());
    await flush();
    expect(io.machine.getStatus()).toMatchObject({ phase: "running", done: 4, total: 10 });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(io.machine.getStatus()).toMatchObject({ phase: "running", done: 5 });
    expect(ids).toEqual(["job-7", "job-7"]);
    await io.machine.cancel();
    expect(io.calls.cancel).toEqual(["job-7"]);
    expect(io.machine.getStatus()).toEqual({ phase: "cancelled" });
  });

  it("an upload refused as busy stays refused when the kept job is not the running one", async () => {
    const busy = () => Promise.reject(new ApiError(409, "已有一个导入正在进行，请等它完成后再试"));
    const ended = setup({ upload: busy, recall: () => "job-old" });
    ended.answers.push(job({ status: "done" }));
    void ended.machine.chooseFile(zip());
    await flush();
    expect(ended.machine.getStatus()).toEqual({
      phase: "refused",
      error: "已有一个导入正在进行，请等它完成后再试",
    });
    expect(ended.calls.remembered).toEqual([null]);
    expect(ended.onSettled).not.toHaveBeenCalled();

    const offline = setup({ upload: busy, recall: () => "job-7" });
    offline.answers.push(new ApiError(0, "网络连接失败，请检查网络设置"));
    void offline.machine.chooseFile(zip());
    await flush();
    expect(offline.machine.getStatus()).toMatchObject({ phase: "refused" });
    expect(offline.calls.remembered).toEqual([]);
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    expect(offline.calls.status).toBe(1);
  });

  it("an upload refused as busy follows this account's queued import too, and can cancel it", async () => {
    const io = setup({
      upload: () => Promise.reject(new ApiError(409, "已有一个导入正在进行，请等它完成后再试")),
      recall: () => "job-7",
    });
    io.answers.push(job({ status: "queued" }), job({ done: 2 }));
    void io.machine.chooseFile(zip());
    await flush();
    expect(io.machine.getStatus()).toMatchObject({ phase: "running", queued: true });
    expect(io.calls.remembered).toEqual([]);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(io.machine.getStatus()).toMatchObject({ phase: "running", queued: false, done: 2 });
    await io.machine.cancel();
    expect(io.calls.cancel).toEqual(["job-7"]);
  });

  it("a folder sends only its Markdown files, and a folder without any is refused", async () => {
    const sent: File[][] = [];
    const s = setup({
      upload: async (files) => {
        sent.push(files);
        return created("markdown");
      },
    });
    await s.machine.chooseFolder([
      new File(["x"], "cover.png"),
      new File(["# a"], "a.md"),
      new File(["# b"], "b.MD"),
    ]);
    expect(sent[0]?.map((f) => f.name)).toEqual(["a.md", "b.MD"]);
    expect(s.machine.getStatus()).toMatchObject({ phase: "previewed", fileName: "2 个 Markdown 文件" });

    const t = setup();
    await t.machine.chooseFolder([new File(["x"], "cover.png")]);
    expect(t.machine.getStatus()).toEqual({ phase: "refused", error: IMPORT_MESSAGES.noMarkdown });
  });

  it("after a reload, follows a running or queued job again, shows a previewed one, and forgets an ended one", async () => {
    const running = setup();
    running.answers.push(job({ done: 2 }), job({ done: 6 }));
    await running.machine.resume("job-1");
    expect(running.machine.getStatus()).toMatchObject({ phase: "running", done: 2 });
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(running.machine.getStatus()).toMatchObject({ phase: "running", done: 6 });

    const waiting = setup();
    waiting.answers.push(job({ status: "previewed", kind: "shinian" }));
    await waiting.machine.resume("job-1");
    expect(waiting.machine.getStatus()).toMatchObject({
      phase: "previewed",
      fileName: IMPORT_MESSAGES.resumedFile,
      offersProfile: true,
    });
    void waiting.machine.start({ takeProfile: false });
    await flush();
    expect(waiting.calls.start).toEqual([{ takeProfile: false }]);

    const queued = setup();
    queued.answers.push(job({ status: "queued" }), job({ done: 1 }));
    await queued.machine.resume("job-1");
    expect(queued.machine.getStatus()).toMatchObject({ phase: "running", queued: true });
    expect(queued.calls.remembered).toEqual([]);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(queued.machine.getStatus()).toMatchObject({ phase: "running", queued: false, done: 1 });

    const over = setup();
    over.answers.push(job({ status: "done" }));
    await over.machine.resume("job-1");
    expect(over.machine.getStatus()).toEqual({ phase: "idle" });
    expect(over.calls.remembered).toEqual([null]);
    expect(over.onSettled).not.toHaveBeenCalled();
  });
});
