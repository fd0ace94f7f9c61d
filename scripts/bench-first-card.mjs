// Time from navigation to 首页's first feed card on a throttled phone (150 ms latency, 1.6 Mbps
// down, 750 kbps up, CPU 4×), for one or more running servers compared run by run:
//   node scripts/bench-first-card.mjs http://127.0.0.1:8799 [http://127.0.0.1:8798 …]
// Each server gets a user with 20 ideas (start them with REGISTER_PER_IP_PER_HOUR raised when
// measuring often). RUNS (default 5) alternates between the servers so all see the same load.
import { chromium } from "playwright";
import { chromiumArgs, chromiumPath } from "./chromium.mjs";

const json = (r) => r.json();
async function user(origin) {
  const { data: auth } = await fetch(`${origin}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      account: `t${Date.now()}${Math.random()}@example.com`,
      password: "bench-password-1",
      agreeTerms: true,
    }),
  }).then(json);
  const headers = { "Content-Type": "application/json", Authorization: `Bearer ${auth.token}` };
  const { data: u } = await fetch(`${origin}/api/profile`, {
    method: "PATCH",
    headers,
    body: JSON.stringify({ identityDescription: "x" }),
  }).then(json);
  for (let i = 0; i < 20; i++)
    await fetch(`${origin}/api/ideas`, {
      method: "POST",
      headers,
      body: JSON.stringify({ content: `想法 ${i}` }),
    });
  return { token: auth.token, u };
}
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const origins = process.argv.slice(2);
const users = {};
for (const o of origins) users[o] = await user(o);
const results = Object.fromEntries(origins.map((o) => [o, []]));
for (let run = 0; run < Number(process.env.RUNS ?? 5); run++)
  for (const origin of origins) {
    const ctx = await browser.newContext({ serviceWorkers: "block" });
    await ctx.addInitScript(
      ([t, u]) => {
        localStorage.setItem("auth_token", t);
        localStorage.setItem("user_info", JSON.stringify(u));
        localStorage.setItem("needs_guide", "false");
      },
      [users[origin].token, JSON.stringify(users[origin].u)],
    );
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(`${origin}/`, { waitUntil: "commit" });
    await page.getByRole("list", { name: "想法和笔记" }).getByText("想法 19").waitFor({ timeout: 60_000 });
    const t = await page.evaluate(() => performance.now());
    results[origin].push(Math.round(t));
    await ctx.close();
  }
for (const o of origins) {
  const r = results[o].sort((a, b) => a - b);
  console.log(o, "first feed item visible (ms):", r.join(" "), "median", r[Math.floor(r.length / 2)]);
}
await browser.close();
