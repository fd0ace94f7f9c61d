import { afterEach, beforeEach, expect, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { Composer } from "../src/features/home/composer.tsx";
import "../src/styles.css";

// The composer's promise: nothing typed is lost — not to a reload, not to a failed save, not to a
// reload in the middle of a save. `onCapture` is the screen's save, played here by the test.

const box = () => page.getByRole("textbox", { name: "记录一个想法" });
const save = () => page.getByRole("button", { name: "保存" });

/** A save the test finishes by hand. */
function pendingSave() {
  const calls: { content: string; resolve: () => void; reject: () => void }[] = [];
  const onCapture = (content: string) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ content, resolve, reject: () => reject(new Error("保存失败")) });
    });
  return { calls, onCapture };
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

test("the draft survives a reload (an unmount and a fresh mount)", async () => {
  const first = await render(<Composer onCapture={async () => {}} />);
  await box().fill("地铁上想到的标题");
  await first.unmount();
  await render(<Composer onCapture={async () => {}} />);
  await expect.element(box()).toHaveValue("地铁上想到的标题");
});

test("the box empties at once while the save runs; a failed save puts the words back", async () => {
  const save1 = pendingSave();
  await render(<Composer onCapture={save1.onCapture} />);
  await box().fill("第一条");
  await save().click();
  await expect.element(box()).toHaveValue("");
  await box().fill("接着写的第二条");
  expect(save1.calls.map((c) => c.content)).toEqual(["第一条"]);
  save1.calls[0]!.reject();
  await expect.element(box()).toHaveValue("第一条\n\n接着写的第二条");
});

test("a save that succeeded drops the words; one cut short by a reload comes back into the box", async () => {
  const saves = pendingSave();
  const first = await render(<Composer onCapture={saves.onCapture} />);
  await box().fill("已保存的");
  await save().click();
  saves.calls[0]!.resolve();
  await expect.element(save()).toBeDisabled();
  await box().fill("保存到一半的");
  await save().click();
  await first.unmount(); // the page went away before the server answered

  await render(<Composer onCapture={async () => {}} />);
  await expect.element(box()).toHaveValue("保存到一半的");
});

test("text shared from another app is added to the draft once", async () => {
  let taken = 0;
  const view = await render(
    <Composer onCapture={async () => {}} shared="分享来的链接" onSharedTaken={() => taken++} />,
  );
  await expect.element(box()).toHaveValue("分享来的链接");
  await view.rerender(
    <Composer onCapture={async () => {}} shared="分享来的链接" onSharedTaken={() => taken++} />,
  );
  await expect.element(box()).toHaveValue("分享来的链接");
  expect(taken).toBe(1);
});
