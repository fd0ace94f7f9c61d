import { composeStories, type composeStory, setProjectAnnotations } from "@storybook/react-vite";
import { afterEach, describe, expect, test } from "vitest";
import { page } from "vitest/browser";
import * as previewAnnotations from "../../../.storybook/preview";

// One screenshot per story, compared with the committed baselines in __screenshots__/.
// `npm run test:visual:update` rewrites them after an intended visual change.
setProjectAnnotations([previewAnnotations]);

type StoriesModule = Parameters<typeof composeStories>[0];
const storyModules = import.meta.glob<StoriesModule>("../src/**/*.stories.tsx", { eager: true });

const freezeMotion = document.createElement("style");
freezeMotion.textContent =
  "*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}";
document.head.append(freezeMotion);

afterEach(() => {
  document.body.replaceChildren();
});

for (const [path, module] of Object.entries(storyModules)) {
  const stories = composeStories(module) as Record<string, ReturnType<typeof composeStory>>;
  const component = path.replace(/^.*\/([^/]+)\.stories\.tsx$/, "$1");
  describe(component, () => {
    for (const [exportName, Story] of Object.entries(stories)) {
      test(exportName, async () => {
        const canvasElement = document.createElement("div");
        canvasElement.dataset.testid = "story-root";
        canvasElement.style.cssText = "display:inline-block;padding:16px;min-width:64px";
        document.body.append(canvasElement);
        await Story.run({ canvasElement });
        await document.fonts.ready;
        const fullscreen = Story.parameters.layout === "fullscreen";
        const target = fullscreen ? page.elementLocator(document.body) : page.elementLocator(canvasElement);
        await expect(target).toMatchScreenshot(`${component}-${exportName}`);
      });
    }
  });
}
