import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { expect, test } from "vitest";
import { commands, page, userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { call } from "../src/api/client.ts";
import { AuthProvider } from "../src/auth/auth-context.tsx";
import { tokenStore } from "../src/auth/token-store.ts";
import { toaster } from "../src/lib/toaster.ts";
import { routeTree } from "../src/routeTree.gen.ts";
import { signUp } from "./support/session.ts";
import "../src/styles.css";

// 首页's 多选 against the real server: 取消 while 加标签 is still going lets the person start a
// new choice, which the old batch, ending later, must leave alone.

test("a batch ending after 取消 leaves a new choice chosen", async () => {
  await signUp();
  const older = await call("createIdea", { body: { content: "第一条想法" } });
  const newer = await call("createIdea", { body: { content: "第二条想法" } });
  tokenStore.updateUser({ identityDescription: "测试" });
  const router = createRouter({
    routeTree,
    context: { auth: { get: tokenStore.get } },
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  render(
    <AuthProvider checked="authenticated">
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  const multi = page.getByRole("button", { name: "多选" });
  await userEvent.click(multi);
  await userEvent.click(page.getByRole("checkbox", { name: "选择想法：第一条想法" }));
  await userEvent.click(page.getByRole("checkbox", { name: "选择想法：第二条想法" }));
  await expect.element(page.getByText(/已选/)).toHaveTextContent("已选 2 条");

  // the feed shows the newer first: its edit is the one under way when 取消 comes
  await commands.holdRequest(`/api/ideas/${newer.id}`);
  await userEvent.click(page.getByRole("button", { name: "加标签" }));
  await userEvent.fill(page.getByRole("textbox", { name: "标签" }), "晨间");
  await userEvent.click(page.getByRole("button", { name: "添加" }));
  await userEvent.click(page.getByRole("button", { name: "取消" }));
  await expect.element(page.getByText(/已选/)).not.toBeInTheDocument();

  await userEvent.click(multi);
  await userEvent.click(page.getByRole("checkbox", { name: "选择想法：第一条想法" }));
  await expect.element(page.getByText(/已选/)).toHaveTextContent("已选 1 条");
  await commands.releaseRequest();
  await expect.poll(() => toaster.get()?.message).toBe("已为 1 条内容加上 #晨间，其余已取消");
  // the batch ended: the new choice is still there, and it did not touch the older idea
  await expect.element(page.getByText(/已选/)).toHaveTextContent("已选 1 条");
  expect((await call("getIdea", { params: { id: older.id } })).tags).toEqual([]);
});
