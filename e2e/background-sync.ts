import type { BrowserContext, Page } from "@playwright/test";

/**
 * Fires the service worker's Background Sync for the capture queue through the DevTools protocol,
 * as the browser does when the connection returns (the test brings it back first).
 */
export async function fireCaptureSync(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<{ registrationId: string }[]>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => {
      if (e.registrations.length) resolve(e.registrations);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  const [registration] = await registrations;
  await context.setOffline(false);
  await cdp.send("ServiceWorker.dispatchSyncEvent", {
    origin: new URL(page.url()).origin,
    registrationId: registration!.registrationId,
    tag: "capture-queue",
    lastChance: false,
  });
}
