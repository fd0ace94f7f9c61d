import { QueryClientProvider } from "@tanstack/react-query";
import axe from "axe-core";
import { expect, test } from "vitest";
import { commands, page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { call } from "../src/api/client.ts";
import { queryClient } from "../src/data/query-client.ts";
import { ChatBindingPanel } from "../src/features/messaging/chat-binding-panel.tsx";
import { signUp } from "./support/session.ts";
import "../src/styles.css";

// 个人资料 → 微信与 Telegram against the real server with a 公众号 set up (WECHAT_TOKEN), the
// binding sent as WeChat posts a follower's message (commands.wechatSays).

async function violations(container: HTMLElement) {
  const found: string[] = [];
  for (const theme of ["light", "dark"]) {
    document.documentElement.dataset.theme = theme;
    const { violations } = await axe.run(container, { runOnly: ["wcag2a", "wcag2aa", "best-practice"] });
    for (const v of violations) {
      if (v.impact === "serious" || v.impact === "critical")
        found.push(`${theme}: ${v.id} ${v.nodes[0]?.target}`);
    }
  }
  delete document.documentElement.dataset.theme;
  return found;
}

test("a code got in the card binds the WeChat that sends it, the card shows it bound, and 解除绑定 unbinds it", async () => {
  await signUp();
  queryClient.clear();
  const screen = await render(
    <QueryClientProvider client={queryClient}>
      <ChatBindingPanel />
    </QueryClientProvider>,
  );
  await expect.element(page.getByText("还没有绑定聊天账号。")).toBeVisible();
  await page.getByRole("button", { name: "获取绑定码" }).click();
  const shown = page.getByRole("status", { name: "绑定码" });
  await expect.element(shown).toBeVisible();
  expect(shown.element().textContent).toMatch(/^绑定\s*\d{8}$/);
  expect(await violations(screen.container)).toEqual([]);

  const openid = `oComponents${Date.now()}`;
  const sent = shown.element().textContent!.replace(/\s+/g, " ").trim();
  expect(await commands.wechatSays(openid, sent)).toContain("绑定成功");
  // the card reads the list again while its code is shown: the binding appears without a reload
  const name = `解除绑定 微信公众号 ${openid.slice(0, 4)}…${openid.slice(-4)}`;
  await expect.element(page.getByRole("button", { name }), { timeout: 10_000 }).toBeVisible();
  await expect.element(page.getByText("绑定成功")).toBeVisible();
  await expect.element(page.getByRole("status", { name: "绑定码" })).not.toBeInTheDocument();

  // the same WeChat binding again with a new code: the list keeps its length (the binding its id,
  // with a new time), and the card still sees the code used
  await page.getByRole("button", { name: "获取绑定码" }).click();
  const again = page.getByRole("status", { name: "绑定码" });
  await expect.element(again).toBeVisible();
  await expect.element(page.getByText("绑定成功")).not.toBeInTheDocument();
  const code = again.element().textContent!.replace(/\s+/g, " ").trim();
  expect(await commands.wechatSays(openid, code)).toContain("绑定成功");
  await expect.element(page.getByText("绑定成功"), { timeout: 10_000 }).toBeVisible();
  await expect.element(page.getByRole("status", { name: "绑定码" })).not.toBeInTheDocument();

  await page.getByRole("button", { name }).click();
  await expect.element(page.getByText("已解除绑定")).toBeVisible();
  await expect.element(page.getByRole("button", { name })).not.toBeInTheDocument();
  expect(await commands.wechatSays(openid, "还在吗")).toContain("请先在拾念");
});

test("a bound Telegram chat's 每日回顾推送到这里 makes its push channel, and unticking it removes the channel", async () => {
  await signUp();
  queryClient.clear();
  await render(
    <QueryClientProvider client={queryClient}>
      <ChatBindingPanel />
    </QueryClientProvider>,
  );
  await page.getByRole("button", { name: "获取绑定码" }).click();
  const shown = page.getByRole("status", { name: "绑定码" });
  await expect.element(shown).toBeVisible();
  const code = shown.element().textContent!.replace(/\D/g, "");
  const chat = 7_000_000 + (Date.now() % 1_000_000);
  expect(await commands.telegramSays(chat, `/bind ${code}`)).toContain("绑定成功");

  const box = page.getByRole("checkbox", { name: "每日回顾推送到这里" });
  await expect.element(box, { timeout: 10_000 }).not.toBeChecked();
  await box.click();
  await expect.element(page.getByText("每日回顾会推送到这个 Telegram 对话")).toBeVisible();
  await expect.element(box).toBeChecked();
  const channels = async () => (await call("getPush")).channels.map((c) => c.kind);
  expect(await channels()).toEqual(["telegram"]);

  await box.click();
  await expect.element(page.getByText("已不再推送到这个 Telegram 对话")).toBeVisible();
  await expect.element(box).not.toBeChecked();
  expect(await channels()).toEqual([]);
});
