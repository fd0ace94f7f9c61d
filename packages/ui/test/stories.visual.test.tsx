import { composeStories, type composeStory, setProjectAnnotations } from "@storybook/react-vite";
import { afterEach, describe, expect, test } from "vitest";
import { page } from "vitest/browser";
import * as previewAnnotations from "../../../.storybook/preview";

// One screenshot per story, compared with the committed baselines in __screenshots__/.
// `npm run test:visual:update` rewrites them after an intended visual change.
setProjectAnnotations([previewAnnotations]);

type StoriesModule = Parameters<typeof composeStories>[0];
const storyModules = import.meta.glob<StoriesModule>("../src/**/*.stories.tsx", { eager: true });

const viewport = { width: 1280, height: 800 };
const tallestPage = 2400;

const freezeMotion = document.createElement("style");
freezeMotion.textContent =
  "*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}";
document.head.append(freezeMotion);

// Only the canvases go: portal nodes (dialogs) still belong to React until the next Story.run
// unmounts the previous story, and React fails ("removeChild … not a child") if they vanished.
afterEach(async () => {
  for (const canvas of document.querySelectorAll("[data-story-canvas]")) canvas.remove();
  await page.viewport(viewport.width, viewport.height);
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
      });
    }
  });
}
