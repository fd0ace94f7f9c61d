import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

test("你想过这个: typing a capture shows the earlier idea that says nearly the same, without moving the text box or taking the focus; 关联 links it @phone", async ({
  page,
  signedIn: _signedIn,
}) => {
  await page.goto("/");
  const composer = page.getByPlaceholder("记录一个想法…");
  const earlier = "周末长距离慢跑15公里，配速控制在六分半";
  await composer.fill(earlier);
  const saved = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/ideas" && r.ok(),
  );
  await composer.press("Control+Enter");
  const { data } = (await (await saved).json()) as { data: { id: string } };

  const box = await composer.boundingBox();
  await composer.click();
  await composer.pressSequentially("今天慢跑了5公里，配速六分十秒", { delay: 20 });
  const panel = page.getByRole("region", { name: "你想过这个" });
  await expect(panel.getByText(earlier)).toBeVisible();
  await expect(panel.getByText(/相同的词：.*(慢跑|配速)/)).toBeVisible();
  // the text box stayed where it was and kept the focus
  expect(await composer.boundingBox()).toEqual(box);
  await expect(composer).toBeFocused();
  await shot(page, "96-similar");

  await panel.getByRole("button", { name: "关联" }).click();
  await expect(composer).toHaveValue(`今天慢跑了5公里，配速六分十秒 [[idea:${data.id}]]`);
  // linked: no longer offered
  await expect(panel).toHaveCount(0);
});

test("你想过这个: 追加为批注 files the draft under the earlier idea, through the capture queue, and empties the box", async ({
  page,
  signedIn: _signedIn,
}) => {
  await page.goto("/");
  const composer = page.getByPlaceholder("记录一个想法…");
  const earlier = "周末长距离慢跑15公里，配速控制在六分半";
  await composer.fill(earlier);
  await composer.press("Control+Enter");
  const list = page.getByRole("list", { name: "想法和笔记" });
  await expect(list.getByText(earlier)).toBeVisible();
  await expect(list.locator("[data-sync]")).toHaveCount(0);

  await composer.fill("今天慢跑了5公里，配速六分十秒");
  const panel = page.getByRole("region", { name: "你想过这个" });
  await expect(panel.getByText(earlier)).toBeVisible();
  const annotated = page.waitForResponse(
    (r) => r.request().method() === "POST" && /\/api\/ideas\/[^/]+\/annotations$/.test(r.url()),
  );
  await panel.getByRole("button", { name: "追加为批注" }).click();
  expect((await annotated).status()).toBe(201);
  await expect(composer).toHaveValue("");
  await expect(page.getByText(/已追加为「.*」的批注/)).toBeVisible();
  // no new idea: the one card, now with its 批注
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await list.getByText(earlier).click();
  await expect(page.getByText("今天慢跑了5公里，配速六分十秒")).toBeVisible();
});
