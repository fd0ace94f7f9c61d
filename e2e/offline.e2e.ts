import type { Page } from "@playwright/test";
import { fireCaptureSync } from "./background-sync.ts";
import { expect, test } from "./fixtures.ts";
import { apiUser, shot, signIn } from "./helpers.ts";

test.use({ serviceWorkers: "allow" });

type Session = Awaited<ReturnType<typeof apiUser>>;

const switchTo = (page: Page, s: Session) =>
  page.evaluate((s) => {
    localStorage.setItem("auth_token", s.token);
    localStorage.setItem("user_info", JSON.stringify(s.user));
  }, s);

test("offline captures wait on the device, survive a reload, reach the server once and in order, and only under their own account", async ({
  page,
  context,
  request,
}) => {
  const alice = await apiUser(request);
  const bob = await apiUser(request);
  const ideasOf = async (s: Session) =>
    (
      await (
        await request.get("/api/ideas?limit=100", { headers: { Authorization: `Bearer ${s.token}` } })
      ).json()
    ).data.items as { id: string; content: string; clientId: string }[];

  await signIn(context, alice);
  await page.goto("/");
  const composer = page.getByPlaceholder("记录一个想法…");
  await expect(composer).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  const texts = ["离线想法一：地铁上", "离线想法二：电梯里", "离线想法三：山顶上"];
  for (const text of texts) {
    await composer.fill(text);
    await composer.press("Control+Enter");
    await expect(composer).toHaveValue("");
  }
  const list = page.getByRole("list", { name: "想法和笔记" });
  const queue = page.getByRole("region", { name: "待同步的想法" });
  // one offline banner, the page's: the queue's count and the list's notice wait until online
  const notice = page.locator('[data-slot="offline-notice"]');
  await expect(notice).toContainText("新记下的想法待同步");
  await expect(queue).toBeHidden();
  for (const text of texts)
    await expect(list.getByRole("article").filter({ hasText: text })).toContainText("待同步");

  await page.reload();
  await expect(notice).toContainText("新记下的想法待同步");
  for (const text of texts)
    await expect(list.getByRole("article").filter({ hasText: text })).toContainText("待同步");
  await shot(page, "80-offline-queue");

  // Another account on this browser neither sees them nor sends them as its own. (The service
  // worker's Background Sync may send them meanwhile, under their author's session.)
  await switchTo(page, bob);
  await context.setOffline(false);
  await page.goto("/");
  await expect(page.getByText("还没有内容")).toBeVisible();
  await expect(queue).toHaveCount(0);
  for (const text of texts) await expect(page.getByText(text)).toHaveCount(0);
  expect(await ideasOf(bob)).toEqual([]);

  // Back as their author, online: sent, each once, in the order they were written.
  await switchTo(page, alice);
  await page.goto("/");
  await expect(queue).toHaveCount(0);
  for (const text of texts)
    await expect(list.getByRole("article").filter({ hasText: text })).not.toContainText("待同步");
  const saved = await ideasOf(alice);
  expect(saved.map((i) => i.content)).toEqual([...texts].reverse());

  // A replay of a capture (a retry, a second tab) answers the first idea and makes nothing new.
  const first = saved.at(-1)!;
  const replay = await request.post("/api/ideas", {
    headers: { Authorization: `Bearer ${alice.token}` },
    data: { content: "重放", clientId: first.clientId },
  });
  expect(replay.status()).toBe(200);
  expect((await replay.json()).data.id).toBe(first.id);
  expect(await ideasOf(alice)).toHaveLength(3);
});

test("Background Sync: the service worker sends the queue with no 首页 open, a 批注 to its idea's thread", async ({
  page,
  context,
  request,
  signedIn: alice,
}) => {
  const headers = { Authorization: `Bearer ${alice.token}` };
  const itemsAt = async (path: string) =>
    ((await (await request.get(path, { headers })).json()).data.items as unknown[]).length;
  const count = () => itemsAt("/api/ideas");
  const earlier = (
    await (await request.post("/api/ideas", { headers, data: { content: "早先的想法" } })).json()
  ).data as { id: string };
  await page.goto(`/ideas/${earlier.id}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  const thread = page.getByRole("region", { name: "批注" });
  await thread.getByLabel("追加批注").fill("后台同步的批注");
  await thread.getByRole("button", { name: "追加批注" }).click();
  await expect(thread.getByRole("listitem").filter({ hasText: "后台同步的批注" })).toContainText("待同步");
  await page.goto("/");
  const composer = page.getByPlaceholder("记录一个想法…");
  await composer.fill("后台同步的想法");
  await composer.press("Control+Enter");
  await expect(
    page.getByRole("list", { name: "想法和笔记" }).getByRole("article").filter({ hasText: "后台同步的想法" }),
  ).toContainText("待同步");
  // Leave 首页 (its queue stops), then come back online: only the worker can send it now.
  await page.goto("/user-agreement");
  await expect(page.getByRole("heading", { name: "拾念用户协议" })).toBeVisible();

  await fireCaptureSync(context, page);
  await expect.poll(count, { timeout: 15_000 }).toBe(2);
  await expect.poll(() => itemsAt(`/api/ideas/${earlier.id}/annotations`), { timeout: 15_000 }).toBe(1);

  await page.goto("/");
  await expect(page.getByRole("list", { name: "想法和笔记" }).getByText("后台同步的想法")).toBeVisible();
  await expect(page.getByRole("region", { name: "待同步的想法" })).toHaveCount(0);
  expect(await count()).toBe(2);
});

test("offline, 首页's first page and the items opened before stay readable, marked 离线, and cannot be edited", async ({
  page,
  context,
  request,
  signedIn: alice,
}) => {
  const headers = { Authorization: `Bearer ${alice.token}` };
  for (const content of ["离线也能读的想法", "没打开过的想法"]) {
    await request.post("/api/ideas", { headers, data: { content } });
  }
  await page.goto("/");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const list = page.getByRole("list", { name: "想法和笔记" });
  await list.getByText("离线也能读的想法").click();
  const reader = page.locator('[data-slot="item-reader"]');
  await expect(reader).toContainText("离线也能读的想法");
  await expect(page.getByRole("button", { name: "编辑" })).toBeEnabled();

  await context.setOffline(true);
  await page.goto("/");
  await expect(page.locator('[data-slot="offline-notice"]')).toContainText("显示的是本机保存的内容");
  await expect(page.getByRole("alert")).toHaveCount(1);
  await expect(list.getByText("离线也能读的想法")).toBeVisible();
  await expect(list.getByText("没打开过的想法")).toBeVisible();
  await list.getByText("离线也能读的想法").click();
  await expect(page.getByText("这是最近一次打开时的内容，联网后才能编辑。")).toBeVisible();
  await expect(reader).toContainText("离线也能读的想法");
  // readable, not editable: 编辑 and the menu wait for the network, the switches are not shown
  await expect(page.getByRole("button", { name: "编辑" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "更多操作" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "置顶" })).toHaveCount(0);
  await shot(page, "81-offline-idea");
  // Back online, the idea is read again and can be edited, without a reload.
  await context.setOffline(false);
  await expect(page.getByText("这是最近一次打开时的内容，联网后才能编辑。")).toBeHidden();
  await expect(page.getByRole("button", { name: "编辑" })).toBeEnabled();
  await context.setOffline(true);

  await page.goto("/");
  await list.getByText("没打开过的想法").click();
  await expect(page.getByText("想法不存在")).toBeVisible();
});
