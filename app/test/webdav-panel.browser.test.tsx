import { QueryClientProvider } from "@tanstack/react-query";
import { expect, test } from "vitest";
import { commands, page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { call } from "../src/api/client.ts";
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

test("the target is saved with the login password; after a password change the card says the backup is paused, until saved again", async () => {
  await signUp();
  queryClient.clear();
  const screen = await render(
    <QueryClientProvider client={queryClient}>
      <WebdavPanel />
    </QueryClientProvider>,
  );
  await page.getByLabelText("文件夹地址").fill("http://127.0.0.1:9/dav/拾念备份/");
  await page.getByLabelText("用户名").fill("xiaotao");
  await page.getByLabelText("应用密码").fill("app-pass-1");
  await page.getByRole("button", { name: "保存" }).click();
  await expect.element(page.getByText("设置备份地址或用户名，请填写登录密码")).toBeVisible();
  await page.getByLabelText("拾念登录密码").fill("shinian-components-2026");
  await page.getByRole("button", { name: "保存" }).click();
  await expect.element(page.getByText("已保存")).toBeVisible();
  await expect.element(page.getByText("地址设置于")).toBeVisible();
  await expect.element(page.getByLabelText("拾念登录密码")).not.toBeInTheDocument();

  await call("changePassword", {
    body: { currentPassword: "shinian-components-2026", newPassword: "components-new-pass-7" },
  });
  screen.unmount();
  queryClient.clear();
  await render(
    <QueryClientProvider client={queryClient}>
      <WebdavPanel />
    </QueryClientProvider>,
  );
  await expect.element(page.getByText(/^登录密码已修改，定时备份已暂停/)).toBeVisible();
  await expect.element(page.getByRole("button", { name: "立即备份" })).toBeDisabled();
  // the schedule was kept while paused: the login password alone turns it back on
  await expect.element(page.getByRole("button", { name: "每天" })).toHaveAttribute("aria-pressed", "true");
  await page.getByLabelText("拾念登录密码").fill("components-new-pass-7");
  await page.getByRole("button", { name: "保存" }).click();
  await expect.element(page.getByText("已保存")).toBeVisible();
  await expect.element(page.getByText(/^登录密码已修改/)).not.toBeInTheDocument();
  await expect.element(page.getByText("定时备份已关闭")).not.toBeInTheDocument();
});
