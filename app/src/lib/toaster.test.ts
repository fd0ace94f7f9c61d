import { describe, expect, it } from "vitest";
import { toaster } from "./toaster.ts";

describe("toaster", () => {
  it("shows one toast at a time; closing an older one leaves the newer", () => {
    let told = 0;
    const stop = toaster.subscribe(() => told++);
    const first = toaster.show({ message: "想法已移到回收站", action: { label: "撤销", run: () => {} } });
    const second = toaster.show({ message: "想法已恢复" });
    expect(toaster.get()).toMatchObject({ id: second, message: "想法已恢复" });
    toaster.dismiss(first);
    expect(toaster.get()?.id).toBe(second);
    toaster.dismiss(second);
    expect(toaster.get()).toBeNull();
    expect(told).toBe(3);
    stop();
    toaster.show({ message: "不再通知" });
    expect(told).toBe(3);
    toaster.dismiss();
  });
});
