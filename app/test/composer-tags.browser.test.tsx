import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { call } from "../src/api/client.ts";
import { Composer } from "../src/features/home/composer.tsx";
import { signUp } from "./support/session.ts";
import "../src/styles.css";

// The composer's tags against the real server: the assist loads with the first `#`, marks the
// tags by the contract's rule, and lists the person's own tags from GET /api/tags, found by pinyin.

const box = () => page.getByRole("textbox", { name: "记录一个想法" });
const marks = () =>
  [...document.querySelectorAll("[data-slot=tag-assist-marks] mark")].map((m) => m.textContent);

test("a # loads the assist: tags marked by the server's rule, my tags suggested by pinyin, a pick saved", async () => {
  await signUp();
  for (const content of ["晨跑 #跑步", "夜跑。#跑步", "读完了 #阅读/小说"]) {
    await call("createIdea", { body: { content } });
  }
  const saved: string[] = [];
  await render(<Composer queueCapture={async (content) => void saved.push(content)} />);
  await box().fill("学 C# 时记下 https://x.com/a#b，读书#笔记。#灵感 ");
  await expect.poll(marks).toEqual(["#灵感"]);
  expect(document.querySelector("[data-slot=tag-assist-list]")).toBeNull();

  await userEvent.type(box(), "#yd");
  const options = () =>
    [...document.querySelectorAll("[role=listbox] [role=option]")].map((o) => o.textContent);
  await expect.poll(options).toEqual(["#阅读1 条", "#阅读/小说1 条"]);
  await userEvent.keyboard("{ArrowDown}{Enter}");
  await expect.element(box()).toHaveValue("学 C# 时记下 https://x.com/a#b，读书#笔记。#灵感 #阅读/小说 ");
  await expect.poll(marks).toEqual(["#灵感", "#阅读/小说"]);
  await userEvent.keyboard("{Control>}{Enter}{/Control}");
  expect(saved).toEqual(["学 C# 时记下 https://x.com/a#b，读书#笔记。#灵感 #阅读/小说"]);
});

test("another account signing in on this device is never shown the last one's tags", async () => {
  await signUp();
  await call("createIdea", { body: { content: "私人的事 #体检报告" } });
  const first = await render(<Composer queueCapture={async () => {}} />);
  await userEvent.type(box(), "#tj");
  const options = () =>
    [...document.querySelectorAll("[role=listbox] [role=option]")].map((o) => o.textContent);
  await expect.poll(options).toEqual(["#体检报告1 条"]);
  await first.unmount();

  await signUp(); // someone else, on the same page, within the 30 s the list is kept
  await call("createIdea", { body: { content: "周末 #跑步" } });
  await render(<Composer queueCapture={async () => {}} />);
  await userEvent.type(box(), "#");
  await expect.poll(options).toEqual(["#跑步1 条"]);
});
