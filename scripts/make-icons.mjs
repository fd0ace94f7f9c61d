// Renders the app's PNG icons with Debian's Chromium and the CJK font the tests use:
// maskable icons (full-bleed brand orange, the glyph inside the 80 % safe zone) and the
// apple-touch-icon (iOS rounds the corners itself, so it must have none). Run after a logo change.
import { chromium } from "playwright";
import { chromiumArgs, chromiumPath } from "./chromium.mjs";

const icons = [
  ["app/public/icon-maskable-192.png", 192],
  ["app/public/icon-maskable-512.png", 512],
  ["app/public/apple-touch-icon.png", 180],
];
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const [file, size] of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(
    `<body style="margin:0"><div style="width:${size}px;height:${size}px;background:#c2410c;color:#fff;display:flex;align-items:center;justify-content:center;font:600 ${Math.round(size * 0.46)}px 'Noto Sans CJK SC',sans-serif">拾</div></body>`,
  );
  await page.screenshot({ path: file, omitBackground: false });
  await page.close();
  console.log(file);
}
await browser.close();
