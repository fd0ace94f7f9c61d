import type { Idea } from "@shinian/contract";
import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import * as React from "react";
import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { call } from "../src/api/client.ts";
import { ideaVersionsQuery, type LoadedItem } from "../src/data/items.ts";
import { queryClient } from "../src/data/query-client.ts";
import { ItemReading } from "../src/features/ideas/item-reading.tsx";
import type { ItemMessage } from "../src/features/ideas/item-toggles.tsx";
import { signUp } from "./support/session.ts";
import "../src/styles.css";

// 恢复原文 against the real server: an edit like any other, made on the version the page shows.

/** What the detail screen keeps around the reading view: the item, replaced as the server answers. */
function ReadingProbe({ first }: { first: Idea }) {
  const [loaded, setLoaded] = React.useState<LoadedItem>({ kind: "idea", item: first });
  const [message, setMessage] = React.useState<ItemMessage | null>(null);
  return (
    <ItemReading
      loaded={loaded}
      offline={false}
      onEdit={() => {}}
      onSaved={setLoaded}
      onReplaced={setLoaded}
      message={message}
      onMessage={setMessage}
    />
  );
}

const renderReading = (idea: Idea) => {
  const root = createRootRoute({
    component: () => (
      <QueryClientProvider client={queryClient}>
        <ReadingProbe first={idea} />
      </QueryClientProvider>
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory() });
  return render(<RouterProvider router={router} />);
};

test("恢复原文 on a copy changed elsewhere meanwhile restores nothing: the newer words are shown", async () => {
  await signUp();
  const made = await call("createIdea", { body: { content: "原来的话" } });
  // the page shows it as a tidy had left it (a model is not needed to be stale)
  const seen = { ...made, title: "整理过的标题", content: "整理过的话", tidied: true };
  await call("updateIdea", { params: { id: made.id }, body: { title: "别处改的标题" } });
  await renderReading(seen);

  await userEvent.click(page.getByRole("button", { name: "恢复原文" }));
  await expect.element(page.getByText(/已在别处修改过，现在显示的是最新内容/)).toBeVisible();
  await expect.element(page.getByRole("heading", { name: "别处改的标题" })).toBeVisible();
  expect((await call("getIdea", { params: { id: made.id } })).title).toBe("别处改的标题");
});

test("恢复原文 on the current copy restores the words and asks again which version is current", async () => {
  await signUp();
  const made = await call("createIdea", { body: { content: "原来的话" } });
  const edited = await call("updateIdea", { params: { id: made.id }, body: { title: "标题" } });
  await renderReading({ ...edited, tidied: true });
  await expect
    .poll(() => queryClient.getQueryState(ideaVersionsQuery(made.id).queryKey)?.dataUpdateCount)
    .toBe(1);

  await userEvent.click(page.getByRole("button", { name: "恢复原文" }));
  await expect.element(page.getByText(/已恢复原文/)).toBeVisible();
  expect((await call("getIdea", { params: { id: made.id } })).title).toBe("");
  await expect
    .poll(() => queryClient.getQueryState(ideaVersionsQuery(made.id).queryKey)?.dataUpdateCount)
    .toBe(2);
});
