import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { expect, test } from "vitest";
import { page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { call } from "../src/api/client.ts";
import { AuthProvider } from "../src/auth/auth-context.tsx";
import { tokenStore } from "../src/auth/token-store.ts";
import { routeTree } from "../src/routeTree.gen.ts";
import { signUp } from "./support/session.ts";
import "../src/styles.css";

// The detail page inside the app's own routes, against the real server.

const renderAt = (path: string) => {
  // past the first-visit guide: the signed-up person has introduced themself
  tokenStore.updateUser({ identityDescription: "测试" });
  const router = createRouter({
    routeTree,
    context: { auth: { get: tokenStore.get } },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <AuthProvider checked="authenticated">
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return router;
};

test("查看原始想法, 返回想法, 返回: leaves the idea, never loops back to the original words", async () => {
  await signUp();
  const idea = await call("createIdea", { body: { content: "第一句原话" } });
  const router = renderAt(`/ideas/${idea.id}`);

  await userEvent.click(page.getByRole("button", { name: "更多操作" }));
  await userEvent.click(page.getByRole("menuitem", { name: "查看原始想法" }));
  await expect.element(page.getByRole("heading", { name: "原始想法" })).toBeVisible();
  await userEvent.click(page.getByRole("button", { name: "返回想法" }));
  await expect.element(page.getByRole("button", { name: "编辑" })).toBeVisible();
  expect(router.state.location.pathname).toBe(`/ideas/${idea.id}`);

  await userEvent.click(page.getByRole("button", { name: "返回" }));
  await expect.poll(() => router.state.location.pathname).toBe("/");
});

test("another idea opens afresh: not in the form the last one was left in", async () => {
  await signUp();
  const first = await call("createIdea", { body: { content: "第一条" } });
  const second = await call("createIdea", { body: { content: "第二条" } });
  const router = renderAt(`/ideas/${first.id}`);

  await userEvent.click(page.getByRole("button", { name: "编辑" }));
  await expect.element(page.getByRole("heading", { name: "编辑想法" })).toBeVisible();
  await router.navigate({ to: "/ideas/$id", params: { id: second.id } });
  await expect.element(page.getByText("第二条")).toBeVisible();
  expect(document.querySelector("section[aria-label=编辑想法]")).toBeNull();
});
