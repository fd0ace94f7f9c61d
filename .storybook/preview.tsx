import type { Preview } from "@storybook/react-vite";
import "./preview.css";

const preview: Preview = {
  tags: ["autodocs"],
  // 主题: the toolbar switches <html data-theme>, as public/boot.js does in the app.
  globalTypes: {
    theme: {
      description: "主题",
      toolbar: {
        title: "主题",
        icon: "mirror",
        items: [
          { value: "light", title: "浅色" },
          { value: "dark", title: "深色" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: "light" },
  decorators: [
    (Story, { globals }) => {
      document.documentElement.dataset.theme = globals.theme === "dark" ? "dark" : "light";
      return <Story />;
    },
  ],
  parameters: {
    layout: "padded",
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    a11y: { test: "error" },
    // The screen sizes of tokens.css: stories of layouts and pages also render at phone width.
    viewport: {
      options: {
        phone: { name: "手机 390×844", styles: { width: "390px", height: "844px" }, type: "mobile" },
        phoneSmall: { name: "小屏手机 320×568", styles: { width: "320px", height: "568px" }, type: "mobile" },
        tablet: { name: "平板 768×1024", styles: { width: "768px", height: "1024px" }, type: "tablet" },
      },
    },
    options: {
      storySort: { order: ["介绍", "品牌令牌", "布局", "组件", "*"] },
    },
  },
};

export default preview;
