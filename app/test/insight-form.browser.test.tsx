import { QueryClientProvider } from "@tanstack/react-query";
import { expect, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { call } from "../src/api/client.ts";
import { queryClient } from "../src/data/query-client.ts";
import { InsightForm } from "../src/features/insights/insight-form.tsx";
import { signUp } from "./support/session.ts";
import "../src/styles.css";

// /insights' form against the real server: the 演变 lens's 关键词 is the scope's q, priced with it.
// (生成 itself stays disabled: a new account here holds 4 points, an insight costs 5.)

test("with the 演变 lens a 关键词 narrows the scope the server prices (the scope 生成 sends); other lenses neither offer nor use it", async () => {
  await signUp();
  queryClient.clear();
  for (const content of [
    "#陶艺 第一次拉坯，泥总是歪",
    "#陶艺 拉坯要稳，手要湿",
    "#陶艺 想买一台拉坯机",
    "#陶艺 其实我更喜欢手捏",
  ])
    await call("createIdea", { body: { content } });
  await render(
    <QueryClientProvider client={queryClient}>
      <InsightForm onSubmit={() => undefined} pending={false} />
    </QueryClientProvider>,
  );
  await page.getByLabelText("范围").selectOptions("tag");
  await expect.element(page.getByRole("option", { name: "#陶艺（4）" })).toBeInTheDocument();
  await page.getByLabelText("标签", { exact: true }).selectOptions("陶艺");
  await expect.element(page.getByText(/将读取 4 条记录/)).toBeVisible();
  await expect.element(page.getByLabelText("关键词")).not.toBeInTheDocument();

  await page.getByLabelText("视角").selectOptions("evolution");
  await page.getByLabelText("关键词").fill("  拉坯 ");
  await expect.element(page.getByText(/将读取 3 条记录/)).toBeVisible();

  // another lens: the field goes, and so does the word from the scope
  await page.getByLabelText("视角").selectOptions("summary");
  await expect.element(page.getByLabelText("关键词")).not.toBeInTheDocument();
  await expect.element(page.getByText(/将读取 4 条记录/)).toBeVisible();
});
