// npm run screenshots — every screen at phone, tablet and desktop widths, light and dark, for a
// person to look at (screenshots/, gitignored). Also lists every page that scrolls sideways.
// Needs a running server (npm start, or BASE=http://host:port); it registers a fresh account.
import { mkdirSync } from "node:fs";
import { chromium } from "playwright";
import { chromiumArgs, chromiumPath } from "./chromium.mjs";
import { api, BASE, newAccount } from "./local-api.mjs";

const WIDTHS = (process.env.WIDTHS ?? "320,360,390,768,1024,1440").split(",").map(Number);
const THEMES = (process.env.THEMES ?? "light,dark").split(",");
const OUT = "screenshots";

const { token, user } = await newAccount("shots");
const idea = await api("POST", "/api/ideas", token, {
  content: "周末去西湖边跑步，顺便想想新产品的名字，要短、好记，最好两个字。",
  tags: ["跑步", "产品"],
});
await api("POST", "/api/ideas", token, { content: "读《断舍离》：物品是为人服务的，不是反过来。" });
const note = await api("POST", "/api/notes", token, {
  title: "跑步训练计划",
  content:
    "## 第一周\n\n- 周二 5 公里轻松跑\n- 周四 间歇跑 6 × 400 米\n- 周六 长距离 10 公里\n\n> 循序渐进，别受伤。",
  tags: ["跑步"],
});

// 每日回顾 offers what was captured before today; #读书/小说 makes a tag with a level
await api("POST", "/api/ideas", token, {
  content: "#读书/小说 《活着》读完了，福贵的一生让人沉默很久。",
  capturedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
});

// 回收站 shows something: an idea deleted a moment ago
const deleted = await api("POST", "/api/ideas", token, { content: "一个不再需要的想法：周五下午开周会。" });
await api("DELETE", `/api/ideas/${deleted.id}`, token);

const routes = [
  ["login", "/login", false],
  ["home", "/", true],
  ["idea", `/ideas/${idea.id}`, true],
  ["idea-original", `/ideas/${idea.id}/original`, true],
  ["note", `/notes/${note.id}`, true],
  ["chat", "/chat", true],
  ["profile", "/profile", true],
  ["ai-points", "/ai-points", true],
  ["privacy-security", "/privacy-security", true],
  ["trash", "/trash", true],
  ["review", "/review", true],
  ["home-tag", `/?tag=${encodeURIComponent("读书")}`, true],
  ["guide", "/guide", true],
  ["quick-introduction", "/quick-introduction", true],
  ["user-agreement", "/user-agreement", false],
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const sideways = [];
for (const theme of THEMES) {
  for (const width of WIDTHS) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 844 : 900 },
      colorScheme: theme,
      deviceScaleFactor: 1,
      hasTouch: width < 768,
      isMobile: width < 768,
      serviceWorkers: "block",
    });
    for (const [name, path, signedIn] of routes) {
      const page = await context.newPage();
      await page.addInitScript(
        ({ session, signedIn }) => {
          localStorage.clear();
          if (!signedIn) return;
          localStorage.setItem("auth_token", session.token);
          localStorage.setItem("user_info", JSON.stringify(session.user));
          localStorage.setItem("needs_guide", "false");
        },
        { session: { token, user }, signedIn },
      );
      await page.goto(`${BASE}${path}`, { waitUntil: "networkidle" });
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) sideways.push(`${name} @ ${width}px ${theme}: ${overflow}px`);
      await page.screenshot({ path: `${OUT}/${name}-${width}-${theme}.png`, fullPage: true });
      await page.close();
    }
    await context.close();
  }
}
await browser.close();
console.log(sideways.length ? `Scrolls sideways:\n${sideways.join("\n")}` : "Nothing scrolls sideways.");
console.log(`Screenshots in ${OUT}/`);
