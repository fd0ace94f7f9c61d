// Debian's Chromium for every browser tool of the repo: Playwright cannot download its own
// browser here, and without the background-networking flags Chromium keeps calling hosts
// this closed network refuses. CHROMIUM_PATH points at another binary.
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--headless",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
