import { describe, expect, it } from "vitest";
import { notePreview } from "./note-preview.ts";

describe("notePreview", () => {
  it("is the preview itself when it holds the whole note", () => {
    expect(notePreview("短笔记 **粗体**", "短笔记 **粗体**".length)).toBe("短笔记 **粗体**");
  });

  it("cuts back to a whole line when one ends in its second half", () => {
    expect(notePreview("第一行很长很长很长\n第二行被截", 100)).toBe("第一行很长很长很长…");
  });

  it("never ends in half a link, a code span, ** or ~~", () => {
    expect(notePreview("看看这篇[文章](https://exa", 100)).toBe("看看这篇…");
    expect(notePreview("收据![收据.jpg](attachm", 100)).toBe("收据…");
    expect(notePreview("命令是 `npm te", 100)).toBe("命令是…");
    expect(notePreview("这一点**非常重", 100)).toBe("这一点…");
    expect(notePreview("以前~~不懂", 100)).toBe("以前…");
    expect(notePreview("读了[文章](https://x.cn)，很好", 100)).toBe("读了[文章](https://x.cn)，很好…");
  });
});
