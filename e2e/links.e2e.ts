import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

test("links: typing [[ (a phone's @) links an earlier idea; the card shows its title, and 被引用 leads back @phone", async ({
  page,
  request,
  signedIn: user,
  isMobile,
}) => {
  const headers = { Authorization: `Bearer ${user.token}` };
  const made = await request.post("/api/ideas", {
    headers,
    data: { content: "陶艺第一课：揉泥要揉到没有气泡" },
  });
  const target = (await made.json()).data.id as string;

  await page.goto("/");
  const composer = page.getByPlaceholder("记录一个想法…");
  await composer.click();
  // on a phone `@` opens the picker, where `[[` is awkward to type
  await composer.pressSequentially(isMobile ? "接着练拉坯，先看@" : "接着练拉坯，先看[[");
  const search = page.getByRole("combobox", { name: "链接到想法或笔记" });
  await expect(search).toBeFocused();
  await search.pressSequentially("揉泥");
  const option = page.getByRole("option", { name: /陶艺第一课/ });
  await expect(option).toHaveAttribute("aria-selected", "true");
  await shot(page, isMobile ? "66-link-picker-phone" : "66-link-picker");
  await search.press("Enter");
  await expect(composer).toBeFocused();
  await expect(composer).toHaveValue(`接着练拉坯，先看[[idea:${target}]]`);
  await composer.press("Control+Enter");

  // the card shows the link as a chip with the target's title; following it opens the target
  const list = page.getByRole("list", { name: "想法和笔记" });
  const chip = list.getByRole("link", { name: /想法：\s*陶艺第一课/ });
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(page).toHaveURL(new RegExp(`/ideas/${target}$`));

  // 被引用 on the target: one, the idea just written; following it opens that idea
  const backlinks = page.getByRole("region", { name: /被引用/ });
  await expect(backlinks.getByRole("heading")).toHaveText(/被引用\s*1/);
  await shot(page, isMobile ? "67-backlinks-phone" : "67-backlinks");
  await backlinks.getByRole("link", { name: /接着练拉坯/ }).click();
  await expect(page).toHaveURL(/\/ideas\/[0-9a-f-]+$/);
  expect(page.url()).not.toContain(target);
  await expect(
    page.locator('[data-slot="item-reader"]').getByRole("link", { name: /陶艺第一课/ }),
  ).toBeVisible();
});
