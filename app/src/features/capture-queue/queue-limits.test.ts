import { describe, expect, it } from "vitest";
import { QUEUE_MAX_CAPTURES, QUEUE_MAX_FILE_BYTES, queueFullReason } from "./queue-limits.ts";

const MB = 1024 * 1024;
const waiting = (size: number) => ({ files: [{ blob: new Blob(), size }] });
const uploaded = (size: number) => ({ files: [{ size }] });

describe("queueFullReason", () => {
  it("keeps a capture while there is room", () => {
    expect(queueFullReason([], waiting(10 * MB))).toBeNull();
    expect(
      queueFullReason(
        Array.from({ length: QUEUE_MAX_CAPTURES - 1 }, () => ({})),
        {},
      ),
    ).toBeNull();
  });
  it("refuses one more capture past the count, in Chinese", () => {
    const full = Array.from({ length: QUEUE_MAX_CAPTURES }, () => ({}));
    expect(queueFullReason(full, {})).toBe("本机已有 200 条想法等待同步，请联网同步后再记录");
  });
  it("refuses files past the bytes waiting to upload; uploaded ones take no room", () => {
    const queued = [waiting(QUEUE_MAX_FILE_BYTES - 5 * MB), uploaded(50 * MB)];
    expect(queueFullReason(queued, waiting(5 * MB))).toBeNull();
    expect(queueFullReason(queued, waiting(5 * MB + 1))).toBe(
      "本机等待上传的图片和录音已超过 200 MB，请联网同步后再添加",
    );
    expect(queueFullReason(queued, uploaded(50 * MB))).toBeNull();
  });
});
