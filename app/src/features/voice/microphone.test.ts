import { describe, expect, it } from "vitest";
import { MicrophoneError, microphoneMessage } from "./microphone.ts";

const domError = (name: string) => new DOMException("browser words", name);

describe("microphoneMessage", () => {
  it("tells the person how to allow the microphone when it was refused", () => {
    expect(microphoneMessage(domError("NotAllowedError"))).toBe(
      "没有麦克风权限：请在浏览器或系统设置中允许本站使用麦克风后再试",
    );
    expect(microphoneMessage(domError("SecurityError"))).toContain("没有麦克风权限");
  });
  it("names a missing or busy microphone apart from a refusal", () => {
    expect(microphoneMessage(domError("NotFoundError"))).toBe("没有找到麦克风，请连接麦克风后再试");
    expect(microphoneMessage(domError("NotReadableError"))).toContain("被其他应用占用");
  });
  it("keeps its own reasons and never shows the browser's English", () => {
    expect(microphoneMessage(new MicrophoneError("没有录到声音，请再试一次"))).toBe(
      "没有录到声音，请再试一次",
    );
    expect(microphoneMessage(new Error("Failed to construct MediaRecorder"))).toBe(
      "无法开始录音，请稍后再试",
    );
  });
});
