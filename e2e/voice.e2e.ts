import type { Locator, Page } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../scripts/chromium.mjs";
import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

const aiURL = `http://127.0.0.1:${process.env.E2E_AI_PORT}`;

// Chromium's fake microphone (a steady tone). Consent is the browser context's: granted where a
// test allows the microphone, refused by Playwright's Chromium where it does not.
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, "--use-fake-device-for-media-stream"],
  },
});

const composerOf = (page: Page) => page.locator('[data-slot="idea-composer"]');

/** Records about a second in the composer (or `composer`): the timer runs and the level meter moves with the fake device's tone. */
async function recordASecond(page: Page, composer: Locator = composerOf(page)) {
  await composer.getByRole("button", { name: "录音" }).click();
  const recorder = composer.getByRole("group", { name: "正在录音" });
  await expect(recorder.getByRole("timer")).toHaveText(/^0:01/);
  // watched frame by frame: the fake device's tone comes in short beeps
  await page.waitForFunction(
    () => document.querySelector('[data-slot="voice-recorder-level"]')?.getAttribute("aria-valuenow") !== "0",
    undefined,
    { polling: "raf", timeout: 20_000 },
  );
  await recorder.getByRole("button", { name: "完成录音" }).click();
  const note = composer.getByRole("figure", { name: "语音" });
  await expect(note).toHaveAttribute("data-state", "done");
  return note;
}

/** Requests for an item by the temporary id a queued capture is shown under: there must be none. */
function watchTemporaryIds(page: Page) {
  const asked: string[] = [];
  page.on("request", (r) => {
    if (/\/api\/(ideas|notes)\/temp-/.test(r.url())) asked.push(`${r.method()} ${r.url()}`);
  });
  return asked;
}

test.describe("voice notes with a microphone", () => {
  test.beforeEach(({ context }) => context.grantPermissions(["microphone"]));

  test.describe("with a transcription model", () => {
    test.use({ baseURL: aiURL });

    test("records, shows the cost, fills in the text to edit, saves the recording with the idea and plays it", async ({
      page,
      request,
      signedIn: user,
    }) => {
      await request.patch("/api/profile", {
        headers: { Authorization: `Bearer ${user.token}` },
        data: { settings: { autoTidy: false } },
      });
      await page.goto("/");
      const composer = composerOf(page);
      const note = await recordASecond(page);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await shot(page, `95-voice-composer-${width}`);
      }
      const transcribed = page.waitForResponse((r) => r.url().includes("/transcribe"));
      await note.getByRole("button", { name: "转成文字（消耗 1 点）" }).click();
      expect((await transcribed).status()).toBe(200);
      const box = composer.getByRole("textbox", { name: "记录一个想法" });
      await expect(box).toHaveValue(/^录音转写：\d+ 字节的录音$/);
      await expect(note).toContainText("文字已填入上方，可修改后保存");
      await box.fill("散步时想到：周末去爬山");

      const saved = page.waitForResponse(
        (r) => r.url().endsWith("/api/ideas") && r.request().method() === "POST",
      );
      await composer.getByRole("button", { name: "保存" }).click();
      const idea = (await (await saved).json()).data as { id: string; attachments: { kind: string }[] };
      expect(idea.attachments.map((a) => a.kind)).toEqual(["audio"]);

      const card = page.locator('[data-slot="feed-item"]').filter({ hasText: "散步时想到" });
      const player = card.getByRole("figure", { name: "语音" }).locator("audio");
      await expect(player).toHaveAttribute("src", /\/api\/files\/[\w-]+\?exp=\d+&sig=/);
      // its length, as timed while recording, before it is ever played
      await expect(card.locator('[data-slot="voice-note-duration"]')).toHaveText(/^时长 0:0[1-9]$/);
      // the signed URL plays: the browser reads its duration from the stored recording
      await player.evaluate((audio: HTMLAudioElement) => {
        audio.preload = "auto";
        audio.load();
      });
      await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThan(0);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await shot(page, `96-voice-feed-${width}`);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await card.getByRole("button", { name: /散步时想到/ }).click();
      await expect(page).toHaveURL(new RegExp(`/ideas/${idea.id}$`));
      await expect(page.getByRole("figure", { name: "语音" }).locator("audio")).toHaveCount(1);
      await page.goto("/ai-points");
      await expect(page.getByText("录音转文字").first()).toBeVisible();
      // the ledger line leads to the idea the transcribed recording is on
      await expect(page.getByRole("link", { name: /^录音转文字/ })).toHaveAttribute(
        "href",
        `/ideas/${idea.id}`,
      );
      await expect(page.getByTestId("zero-points")).toContainText("点数用完后：想法和笔记照常保存");
    });
  });

  test("in 本地模式 the recording is kept as audio only, and a voice-only idea saves", async ({
    page,
    signedIn: _user,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const temporary = watchTemporaryIds(page);
    await page.goto("/");
    const note = await recordASecond(page);
    await expect(note).toContainText("本地模式：服务器没有配置语音转文字，录音只保存为音频");
    await expect(note.getByRole("button", { name: /转成文字/ })).toHaveCount(0);
    await shot(page, "97-voice-local-mode-390");
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/ideas") && r.request().method() === "POST",
    );
    await composerOf(page).getByRole("button", { name: "保存" }).click();
    const idea = (await (await saved).json()).data as {
      id: string;
      content: string;
      attachments: { kind: string }[];
    };
    expect(idea).toMatchObject({ content: "语音记录", attachments: [{ kind: "audio" }] });
    const figure = page
      .locator('[data-slot="feed-item"]')
      .filter({ hasText: "语音记录" })
      .getByRole("figure", { name: "语音" });
    await expect(figure).toBeVisible();

    // A page left open past the signed URL's life: the player's URL is refused (403), so the idea's
    // files are fetched again and the player gets a fresh URL that plays.
    const player = figure.locator("audio");
    const refused = (await player.getAttribute("src"))!.replace(/sig=[^&]+/, "sig=expired");
    const refetched = page.waitForResponse(
      (r) => r.url().endsWith(`/api/ideas/${idea.id}`) && r.request().method() === "GET",
    );
    await player.evaluate((audio: HTMLAudioElement, url: string) => {
      audio.preload = "auto";
      audio.src = url;
    }, refused);
    expect((await refetched).status()).toBe(200);
    await expect(player).toHaveAttribute("src", /\/api\/files\/[\w-]+\?exp=\d+&sig=(?!expired)/);
    await expect
      .poll(() => player.evaluate((a: HTMLAudioElement) => a.src.includes("sig=expired")))
      .toBe(false);
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThan(0);
    // the queued card stood for the idea only until it was saved: nothing asked for it by that id
    expect(temporary).toEqual([]);
  });
  test("a 批注 can be a recording alone: saved as 语音批注 with its audio, and played in the thread", async ({
    page,
    request,
    signedIn: user,
  }) => {
    const headers = { Authorization: `Bearer ${user.token}` };
    const idea = (await (await request.post("/api/ideas", { headers, data: { content: "学陶艺" } })).json())
      .data;
    await page.goto(`/ideas/${idea.id}`);
    const thread = page.getByRole("region", { name: "批注" });
    await recordASecond(page, thread);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/annotations") && r.request().method() === "POST",
    );
    await thread.getByRole("button", { name: "追加批注" }).click();
    expect((await (await saved).json()).data).toMatchObject({
      content: "语音批注",
      attachments: [{ kind: "audio" }],
    });
    const player = thread.getByRole("listitem").filter({ hasText: "语音批注" }).locator("audio");
    await expect(player).toHaveAttribute("src", /\/api\/files\/[\w-]+\?exp=\d+&sig=/);
  });

  test("when the recording strip's code cannot be fetched, the recording can still be finished and saved", async ({
    page,
    signedIn: _user,
  }) => {
    await page.route(/\/assets\/voice-slot-[\w-]+\.js$/, (route) => route.abort());
    await page.goto("/");
    const composer = composerOf(page);
    await composer.getByRole("button", { name: "录音" }).click();
    const recorder = composer.getByRole("group", { name: "正在录音" });
    await expect(recorder).toContainText("正在录音…");
    await page.waitForTimeout(1_200);
    await recorder.getByRole("button", { name: "完成录音" }).click();
    await expect(recorder).toHaveCount(0);
    await composer.getByRole("textbox", { name: "记录一个想法" }).fill("界面没加载也录下了");
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/ideas") && r.request().method() === "POST",
    );
    await composer.getByRole("button", { name: "保存" }).click();
    const idea = (await (await saved).json()).data as { attachments: { kind: string }[] };
    expect(idea.attachments.map((a) => a.kind)).toEqual(["audio"]);
  });

  test.describe("with the service worker", () => {
    test.use({ serviceWorkers: "allow" });
    test("offline, a voice-only note waits as 联网后上传, saves into the queue, and is saved once with its audio when online", async ({
      page,
      context,
      request,
      signedIn: user,
    }) => {
      const temporary = watchTemporaryIds(page);
      await page.goto("/");
      const composer = composerOf(page);
      await expect(composer.getByRole("textbox", { name: "记录一个想法" })).toBeVisible();
      // offline, the recording strip's code comes from the service worker's cache, as for a person
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller)
          await new Promise((r) =>
            navigator.serviceWorker.addEventListener("controllerchange", r, { once: true }),
          );
      });
      await context.setOffline(true);
      await composer.getByRole("button", { name: "录音" }).click();
      const recorder = composer.getByRole("group", { name: "正在录音" });
      await expect(recorder.getByRole("timer")).toHaveText(/^0:01/);
      await recorder.getByRole("button", { name: "完成录音" }).click();
      const note = composer.getByRole("figure", { name: "语音" });
      await expect(note).toHaveAttribute("data-state", "queued");
      await expect(note).toContainText("联网后上传");
      await expect(note.getByRole("alert")).toHaveCount(0);
      await composer.getByRole("button", { name: "保存" }).click();
      await expect(note).toHaveCount(0);
      const card = page.locator('[data-slot="feed-item"]').filter({ hasText: "语音记录" });
      await expect(card).toContainText("待同步");
      // the queued card plays from this device; should its player fail (an object URL gone), it has
      // nothing to ask the server for, least of all by the temporary id it is shown under
      await card
        .getByRole("figure", { name: "语音" })
        .locator("audio")
        .evaluate(
          (audio: HTMLAudioElement) =>
            new Promise<void>((resolve) => {
              audio.addEventListener("error", () => setTimeout(resolve, 300), { once: true });
              audio.preload = "auto";
              audio.src = `${audio.src}-gone`;
            }),
        );

      await context.setOffline(false);
      await expect(card).not.toContainText("待同步");
      const ideas = async () =>
        (
          (
            await (
              await request.get("/api/ideas?limit=100", {
                headers: { Authorization: `Bearer ${user.token}` },
              })
            ).json()
          ).data.items as { content: string; attachments?: { kind: string }[] }[]
        ).map((i) => [i.content, i.attachments?.map((a) => a.kind)]);
      await expect.poll(ideas).toEqual([["语音记录", ["audio"]]]);
      await expect(card).toHaveCount(1);
      await expect(card.getByRole("figure", { name: "语音" }).locator("audio")).toHaveAttribute(
        "src",
        /\/api\/files\/[\w-]+\?exp=\d+&sig=/,
      );
      expect(temporary).toEqual([]);
    });
  });
});

test.describe("without microphone permission", () => {
  test("says in Chinese how to allow the microphone, and nothing is recorded", async ({
    page,
    signedIn: _user,
  }) => {
    await page.goto("/");
    const composer = composerOf(page);
    await composer.getByRole("button", { name: "录音" }).click();
    const problem = composer.getByRole("alert");
    await expect(problem).toContainText("没有麦克风权限");
    await expect(composer.getByRole("figure", { name: "语音" })).toHaveCount(0);
    await expect(composer.getByRole("button", { name: "录音" })).toBeEnabled();
    await shot(page, "98-voice-microphone-refused");
    // closable
    await problem.getByRole("button", { name: "关闭提示" }).click();
    await expect(problem).toHaveCount(0);
    // and gone with the next action: here, typing
    await composer.getByRole("button", { name: "录音" }).click();
    await expect(problem).toContainText("没有麦克风权限");
    await composer.getByRole("textbox", { name: "记录一个想法" }).fill("还是打字吧");
    await expect(problem).toHaveCount(0);
  });
});
