import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";

let counter = 0;
export const PASSWORD = "shinian-e2e-2026";

/** A unique email per call, so tests never collide on the shared fresh database. */
export const newAccount = () => `e2e${Date.now().toString(36)}${++counter}@example.com`;

type AuthResult = { token: string; user: Record<string, unknown> };

/**
 * Registers through the API and (optionally) answers the guide, 自动整理 included (off), for tests
 * about later screens; `autoTidyChosen: false` leaves that question open.
 */
export async function apiUser(request: APIRequestContext, { guided = true, autoTidyChosen = true } = {}) {
  const account = newAccount();
  const res = await request.post("/api/auth/register", {
    data: { account, password: PASSWORD, agreeTerms: true },
  });
  if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  const { data } = (await res.json()) as { data: AuthResult };
  let user = data.user;
  if (guided) {
    const patch = await request.patch("/api/profile", {
      headers: { Authorization: `Bearer ${data.token}` },
      data: {
        identityDescription: "一名喜欢记录灵感的产品经理",
        ...(autoTidyChosen ? { settings: { autoTidy: false } } : {}),
      },
    });
    user = ((await patch.json()) as { data: Record<string, unknown> }).data;
  }
  return { account, token: data.token, user };
}

/** Puts a session into localStorage before any page script runs, as a logged-in browser has it. */
export async function signIn(
  context: BrowserContext,
  session: { token: string; user: Record<string, unknown> },
) {
  await context.addInitScript((s) => {
    if (!localStorage.getItem("auth_token") && !sessionStorage.getItem("e2e-signed-in")) {
      sessionStorage.setItem("e2e-signed-in", "1");
      localStorage.setItem("auth_token", s.token);
      localStorage.setItem("user_info", JSON.stringify(s.user));
      localStorage.setItem("needs_guide", String(!s.user.identityDescription));
    }
  }, session);
}

/** Screenshots of every screen land in e2e/screenshots (gitignored) for a human look. */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

/**
 * The page at a desktop and a phone width, light and dark: `${name}-${width}-${scheme}.png`. Each
 * shot waits for the colour transitions a theme switch starts (a shot at once caught them midway).
 * Leaves the page light at 1440 px.
 */
export async function shotsAtWidths(page: Page, name: string, height = 900) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
      await shot(page, `${name}-${width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1440, height });
}
