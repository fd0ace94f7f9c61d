import { QueryClientProvider } from "@tanstack/react-query";
import axe from "axe-core";
import { expect, test } from "vitest";
import { commands, page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { queryClient } from "../src/data/query-client.ts";
import { WebhooksCard } from "../src/features/account/webhooks-card.tsx";
import { signUp } from "./support/session.ts";
import "../src/styles.css";

// 隐私与安全 → Webhook, against the real server (its SECRET_KEY by the older name, local addresses
// allowed) and a receiver on this machine answering 204.

/** axe's serious and critical findings in the card, light and dark. */
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

test("a webhook is added with its events, its secret shown once, tested, its delivery listed, and deleted", async () => {
  await signUp();
  queryClient.clear();
  const url = await commands.webhookReceiver();
  const screen = await render(
    <QueryClientProvider client={queryClient}>
      <WebhooksCard />
    </QueryClientProvider>,
  );
  await page.getByLabelText("接收地址").fill(url);
  await page.getByLabelText(/想法修改/).click();
  await page.getByRole("button", { name: "添加 Webhook" }).click();
  await expect.element(page.getByText("请现在复制签名密钥，它只显示这一次。")).toBeVisible();
  await expect.element(page.getByText(/^whsec_/)).toBeVisible();
  await expect.element(page.getByRole("button", { name: "复制签名密钥" })).toBeVisible();
  const row = page.getByRole("list", { name: "Webhook 列表" }).getByRole("listitem");
  await expect.element(row.getByText("已启用")).toBeVisible();
  for (const label of ["新想法", "想法修改", "新笔记"])
    await expect.element(row.getByText(label, { exact: false })).toBeVisible();
  expect(await violations(screen.container)).toEqual([]);

  await row.getByRole("button", { name: "发送测试" }).click();
  await expect.element(page.getByText("测试事件已发出，稍后在投递记录里查看结果")).toBeVisible();
  const deliveries = page.getByRole("list", { name: "最近的投递" });
  await expect
    .poll(async () => {
      await queryClient.invalidateQueries({ queryKey: ["webhooks"] });
      return deliveries.element().textContent;
    })
    .toMatch(/webhook\.test.*已送达 · HTTP 204/);
  expect(await violations(screen.container)).toEqual([]);

  // gone from the list, and not shown again after a reload
  await row.getByRole("button", { name: "删除" }).click();
  await page.getByRole("button", { name: "删除", exact: true }).last().click();
  await expect.element(page.getByRole("list", { name: "Webhook 列表" })).not.toBeInTheDocument();
  screen.unmount();
  queryClient.clear();
  await render(
    <QueryClientProvider client={queryClient}>
      <WebhooksCard />
    </QueryClientProvider>,
  );
  await expect.element(page.getByRole("button", { name: "添加 Webhook" })).toBeVisible();
  await expect.element(page.getByText(/^whsec_/)).not.toBeInTheDocument();
});
