import { composeStories, type composeStory, setProjectAnnotations } from "@storybook/react-vite";
import { afterEach, describe, expect, test } from "vitest";
import { page } from "vitest/browser";
import * as previewAnnotations from "../../../.storybook/preview";

// One screenshot per story, compared with the committed baselines in __screenshots__/.
// `npm run test:visual:update` rewrites them after an intended visual change.
setProjectAnnotations([previewAnnotations]);

type StoriesModule = Parameters<typeof composeStories>[0];
const storyModules = import.meta.glob<StoriesModule>("../src/**/*.stories.tsx", { eager: true });

const desktop = { width: 1280, height: 800 };
const tallestPage = 2400;
const narrowest = 320;

type ViewportOptions = Record<string, { styles: { width: string; height: string } }>;

/** A story's own viewport (`globals.viewport`, e.g. 手机 390×844), else the desktop one. */
function viewportOf(Story: ReturnType<typeof composeStory>) {
  const name = (Story.globals.viewport as { value?: string } | undefined)?.value;
  const options = (Story.parameters.viewport as { options?: ViewportOptions } | undefined)?.options;
  const styles = name ? options?.[name]?.styles : undefined;
  return styles
    ? { width: Number.parseInt(styles.width, 10), height: Number.parseInt(styles.height, 10) }
    : desktop;
}

/**
 * What scrolls sideways at 320 px: the page itself, or any element that scrolls or clips on the x
 * axis without being meant to (a pane that scrolls vertically gets a horizontal scrollbar too).
 * `data-scroll-x` marks the few that are meant to (a wide table or code block in Markdown).
 */
function sidewaysAt320(): string[] {
  const found: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) found.push(`the page (${root.scrollWidth}px wide)`);
  for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
    const overflowX = getComputedStyle(el).overflowX;
    if (overflowX !== "auto" && overflowX !== "scroll") continue;
    if (el.closest("[data-scroll-x]") || el.scrollWidth <= el.clientWidth + 1) continue;
    found.push(
      `${el.tagName.toLowerCase()}[data-slot=${el.dataset.slot ?? "?"}] (${el.scrollWidth} > ${el.clientWidth}px)`,
    );
  }
  return found;
}

const freezeMotion = document.createElement("style");
freezeMotion.textContent =
  "*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}";
document.head.append(freezeMotion);

// Only the canvases go: portal nodes (dialogs) still belong to React until the next Story.run
// unmounts the previous story, and React fails ("removeChild … not a child") if they vanished.
afterEach(async () => {
  for (const canvas of document.querySelectorAll("[data-story-canvas]")) canvas.remove();
  await page.viewport(desktop.width, desktop.height);
});

for (const [path, module] of Object.entries(storyModules)) {
  const stories = composeStories(module) as Record<string, ReturnType<typeof composeStory>>;
  const component = path.replace(/^.*\/([^/]+)\.stories\.tsx$/, "$1");
  describe(component, () => {
    for (const [exportName, Story] of Object.entries(stories)) {
      test(exportName, async () => {
        // Fullscreen stories (layouts, floating cards, dialogs) are shot as the whole page;
        // the rest as the component's own box with a little breathing room.
        const fullscreen = Story.parameters.layout === "fullscreen";
        const viewport = viewportOf(Story);
        await page.viewport(viewport.width, viewport.height);
        const canvasElement = document.createElement("div");
        canvasElement.dataset.storyCanvas = "";
        canvasElement.style.cssText = fullscreen
          ? "display:block"
          : "display:inline-block;padding:16px;min-width:64px";
        document.body.append(canvasElement);
        await Story.run({ canvasElement });
        await document.fonts.ready;
        if (fullscreen) {
          const height = Math.min(
            Math.max(viewport.height, document.documentElement.scrollHeight),
            tallestPage,
          );
          await page.viewport(viewport.width, height);
        }
        const target = fullscreen ? page.elementLocator(document.body) : page.elementLocator(canvasElement);
        await expect(target).toMatchScreenshot(`${component}-${exportName}`);
        // The same mounted story at 320 px (resized, not remounted, to keep the run short).
        await page.viewport(narrowest, viewport.height);
        await new Promise(requestAnimationFrame);
        if (Story.parameters.desktopOnly !== true) expect(sidewaysAt320()).toEqual([]);
      });
    }
  });
}
