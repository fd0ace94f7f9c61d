// node scripts/readme-images.mjs — the two pictures of the root README (docs/images/): 首页 on a
// phone and on a desktop, light theme, for a fresh account with a few ideas and a note.
// Needs a running server (npm start, or BASE=http://host:port); it registers a new account.
import { chromium } from "playwright";
import { chromiumArgs, chromiumPath } from "./chromium.mjs";
import { api, BASE, newAccount } from "./local-api.mjs";

const { token, user } = await newAccount("readme");
const hoursAgo = (h) => new Date(Date.now() - h * 3_600_000).toISOString();
const ideas = [
  ["#读书/小说 《活着》读完了，福贵的一生让人沉默很久。", 70],
  ["读《断舍离》：物品是为人服务的，不是反过来。#读书", 50],
  ["#工作 周会可以改成站会，十五分钟，只说卡住的事。", 26],
  ["晚饭后散步半小时，睡得明显好一些。#健康", 20],
  ["给新产品想名字：要短、好记，最好两个字。#产品", 5],
  ["周末去西湖边跑步，顺便看看断桥的荷花。#跑步", 1],
];
for (const [content, hours] of ideas)
  await api("POST", "/api/ideas", token, { content, capturedAt: hoursAgo(hours) });
await api("POST", "/api/notes", token, {
  title: "跑步训练计划",
  content: "## 第一周\n\n- 周二 5 公里轻松跑\n- 周四 间歇跑 6 × 400 米\n- 周六 长距离 10 公里",
  tags: ["跑步"],
});

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const shots = [
  ["docs/images/home-phone.png", { width: 390, height: 844 }, true],
  ["docs/images/home-desktop.png", { width: 1280, height: 800 }, false],
];
for (const [file, viewport, phone] of shots) {
  const context = await browser.newContext({
    viewport,
    colorScheme: "light",
    hasTouch: phone,
    isMobile: phone,
    serviceWorkers: "block",
  });
  await context.addInitScript(
    (session) => {
      localStorage.setItem("auth_token", session.token);
      localStorage.setItem("user_info", JSON.stringify(session.user));
      localStorage.setItem("needs_guide", "false");
    },
    { token, user },
  );
  const page = await context.newPage();
  await page.goto(`${BASE}/`, { waitUntil: "networkidle" });
  await page.waitForTimeout(500);
  await page.screenshot({ path: file });
  await context.close();
}
await browser.close();
console.log(shots.map(([file]) => file).join("\n"));
