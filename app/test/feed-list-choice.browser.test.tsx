import { expect, test, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { call } from "../src/api/client.ts";
import { choiceOf, chosenFull } from "../src/features/home/feed-choice.tsx";
import { FeedList } from "../src/features/home/feed-list.tsx";
import { whyNotCompose } from "../src/features/home/selection-actions.tsx";
import { queuedIdea } from "../src/features/home/use-feed.ts";
import { toaster } from "../src/lib/toaster.ts";
import { signUp } from "./support/session.ts";
import "../src/styles.css";

// 多选: a card that cannot be chosen looks it (its box disabled) and says why, to a screen reader
// in the box's name, to a pointer on hover, to a tap in a toast; a tap on it chooses nothing and opens nothing.

test("past the most that can be chosen, and a capture not synced yet: not chosen, and said why", async () => {
  await signUp();
  await call("createIdea", { body: { content: "已经选中的想法" } });
  await call("createIdea", { body: { content: "还没选的想法" } });
  const items = (await call("feed", { query: { type: "all" } })).items;
  const chosen = items.find((item) => item.type === "idea" && item.content === "已经选中的想法")!;
  const queued = queuedIdea({
    clientId: "c-1",
    content: "离线记下的想法",
    capturedAt: new Date().toISOString(),
  });
  expect(chosenFull(99)).toBe(null);
  const onToggle = vi.fn();
  const onOpen = vi.fn();
  render(
    <FeedList
      items={[queued, ...items]}
      onOpen={onOpen}
      onTagClick={() => {}}
      choice={(item) => choiceOf(item, new Set([chosen.id]), onToggle, chosenFull(100))}
    />,
  );
  const full = page.getByRole("checkbox", { name: "选择想法：还没选的想法（最多选 100 条）" });
  await expect.element(full).toBeDisabled();
  await expect
    .element(page.getByRole("checkbox", { name: "选择想法：离线记下的想法（未同步，暂不能选）" }))
    .toBeDisabled();
  // the chosen one can still be let go
  await expect.element(page.getByRole("checkbox", { name: "选择想法：已经选中的想法" })).toBeEnabled();
  const card = page.getByRole("button", { name: /还没选的想法/ }).first();
  await userEvent.click(card);
  expect(onToggle).not.toHaveBeenCalled();
  expect(onOpen).not.toHaveBeenCalled();
  // a phone has no hover: the tap says why; the words keep their contrast (only the box is dimmed)
  expect(toaster.get()?.message).toBe("最多选 100 条");
  for (let el: Element | null = card.element(); el; el = el.parentElement)
    expect(getComputedStyle(el).opacity).toBe("1");
  expect(full.element().getAttribute("title")).toBe("最多选 100 条");
});

test("整理成笔记 past 30 ideas says so before anything is sent", async () => {
  await signUp();
  await call("createIdea", { body: { content: "一个想法" } });
  const [idea] = (await call("feed", { query: { type: "all" } })).items;
  const ideas = (n: number) => Array.from({ length: n }, (_, i) => ({ ...idea!, id: `${i}` }));
  expect(whyNotCompose(ideas(30))).toBe(null);
  expect(whyNotCompose(ideas(31))).toBe("一次最多整理 30 条想法，已选 31 条");
});
