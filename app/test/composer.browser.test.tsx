import { afterEach, beforeEach, expect, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { Composer } from "../src/features/home/composer.tsx";
import { writeDraft } from "../src/lib/draft.ts";
import "../src/styles.css";

// The composer's promise: nothing typed is lost — not to a reload, not to a capture that could not
// be queued, not to a reload before it was. `queueCapture` is the screen's offline queue, played
// here by the test: the draft keeps the text until the queue has it.

const box = () => page.getByRole("textbox", { name: "记录一个想法" });
const save = () => page.getByRole("button", { name: "保存" });

/** A queueing the test finishes by hand. */
function pendingSave() {
  const calls: { content: string; resolve: () => void; reject: () => void }[] = [];
  const queueCapture = (content: string) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ content, resolve, reject: () => reject(new Error("保存失败")) });
    });
  return { calls, queueCapture };
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

test("the draft survives a reload (an unmount and a fresh mount)", async () => {
  const first = await render(<Composer queueCapture={async () => {}} />);
  await box().fill("地铁上想到的标题");
  await first.unmount();
  await render(<Composer queueCapture={async () => {}} />);
  await expect.element(box()).toHaveValue("地铁上想到的标题");
});

test("the box empties once the capture is queued and keeps what was typed meanwhile; one that could not be queued stays", async () => {
  const saves = pendingSave();
  await render(<Composer queueCapture={saves.queueCapture} />);
  await box().fill("第一条");
  await save().click();
  await box().fill("第一条\n\n接着写的第二条");
  expect(saves.calls.map((c) => c.content)).toEqual(["第一条"]);
  saves.calls[0]!.resolve();
  await expect.element(box()).toHaveValue("接着写的第二条");

  await save().click();
  await box().fill("接着写的第二条\n\n第三条");
  expect(saves.calls.map((c) => c.content)).toEqual(["第一条", "接着写的第二条"]);
  saves.calls[1]!.reject();
  await expect.element(box()).toHaveValue("接着写的第二条\n\n第三条");
});

test("a save that succeeded drops the words; one cut short by a reload comes back into the box", async () => {
  const saves = pendingSave();
  const first = await render(<Composer queueCapture={saves.queueCapture} />);
  await box().fill("已保存的");
  await save().click();
  saves.calls[0]!.resolve();
  await expect.element(save()).toBeDisabled();
  await box().fill("保存到一半的");
  await save().click();
  await first.unmount(); // the page went away before the server answered

  await render(<Composer queueCapture={async () => {}} />);
  await expect.element(box()).toHaveValue("保存到一半的");
});

test("a text an older version was sending when a reload cut it short comes back into the box, once", async () => {
  writeDraft("composer:sending", JSON.stringify([{ content: "旧版本发到一半的" }]));
  writeDraft("composer", "新写的");
  const first = await render(<Composer queueCapture={async () => {}} />);
  await expect.element(box()).toHaveValue("旧版本发到一半的\n\n新写的");
  await first.unmount();
  await render(<Composer queueCapture={async () => {}} />);
  await expect.element(box()).toHaveValue("旧版本发到一半的\n\n新写的");
});

test("text shared from another app is added to the draft once", async () => {
  let taken = 0;
  const view = await render(
    <Composer queueCapture={async () => {}} shared="分享来的链接" onSharedTaken={() => taken++} />,
  );
  await expect.element(box()).toHaveValue("分享来的链接");
  await view.rerender(
    <Composer queueCapture={async () => {}} shared="分享来的链接" onSharedTaken={() => taken++} />,
  );
  await expect.element(box()).toHaveValue("分享来的链接");
  expect(taken).toBe(1);
});
