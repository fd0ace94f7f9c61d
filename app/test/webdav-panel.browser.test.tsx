import { QueryClientProvider } from "@tanstack/react-query";
import { expect, test } from "vitest";
import { commands, page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { queryClient } from "../src/data/query-client.ts";
import { WebdavPanel } from "../src/features/webdav/webdav-panel.tsx";
import { signUp } from "./support/session.ts";
import "../src/styles.css";

// The WebDAV card on /profile, against the real server.

test("the WebDAV card says so when its settings cannot load, and 重试 loads them", async () => {
  await signUp();
  queryClient.clear();
  await commands.failNextRequest("/api/profile/webdav");
  await render(
    <QueryClientProvider client={queryClient}>
      <WebdavPanel />
    </QueryClientProvider>,
  );
  const alert = page.getByRole("alert");
  await expect.element(alert.getByText("WebDAV 备份设置加载失败")).toBeVisible();
  await expect.element(alert.getByText("网络连接失败，请检查网络设置")).toBeVisible();

  await page.getByRole("button", { name: "重试" }).click();
  await expect.element(page.getByText("定时备份到 WebDAV")).toBeVisible();
  await expect.element(alert).not.toBeInTheDocument();
});
