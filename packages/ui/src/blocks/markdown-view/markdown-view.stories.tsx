import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { sampleImages } from "../image-grid/sample-images";
import { MarkdownView, preloadMarkdown } from "./markdown-view";

const meta = {
  title: "组件/MarkdownView 笔记预览",
  component: MarkdownView,
  args: {
    className: "w-[min(520px,calc(100vw-2rem))]",
    source:
      "# 读书笔记\n\n《置身事内》讲的是**地方政府**如何参与经济。\n\n- 土地财政\n- 招商引资\n\n> 理解中国经济，要从政府开始。\n\n详见 [豆瓣](https://book.douban.com)。",
  },
  // The parser is a lazily loaded chunk: stories wait for it, so they show the rendered Markdown.
  loaders: [
    async () => {
      await preloadMarkdown();
    },
  ],
} satisfies Meta<typeof MarkdownView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { source: "" } };
export const Code: Story = { args: { source: "```\nconst 想法 = '拾念';\n```" } };

export const Table: Story = {
  args: {
    source:
      "本周读书进度：\n\n| 书名 | 作者 | 进度 |\n| :-- | :-- | --: |\n| 置身事内 | 兰小欢 | 100% |\n| 被讨厌的勇气 | 岸见一郎 | 35% |\n| 人类简史 | 尤瓦尔·赫拉利 | 0% |",
  },
};

export const TaskList: Story = {
  args: {
    source: "## 周末待办\n\n- [x] 去植物园拍银杏\n- [ ] 读完《置身事内》第三章\n- [ ] 整理**本周想法**",
  },
};

export const FencedCode: Story = {
  args: {
    source:
      '用 `Intl.Segmenter` 给中文分词：\n\n```ts\nconst segmenter = new Intl.Segmenter("zh", { granularity: "word" });\nfor (const { segment } of segmenter.segment("今天想到一个好点子")) console.log(segment);\n```',
  },
};

export const Autolinks: Story = {
  args: {
    source:
      "参考 https://book.douban.com 和 www.example.com ，有问题写信到 hello@example.com 。\n\n~~旧地址~~ 已停用。",
  },
};

export const Dark: Story = {
  globals: { theme: "dark" },
  args: {
    source:
      "## 深色主题\n\n正文、**重点**、`代码` 和 [链接](https://book.douban.com)。\n\n> 引用的话。\n\n| 项目 | 状态 |\n| --- | --- |\n| 笔记 | 完成 |\n\n- [x] 已完成\n- [ ] 未完成\n\n```\nconst 想法 = '拾念';\n```",
  },
};

export const WhenSourceHasHtmlShouldShowItAsText: Story = {
  name: "内容含 HTML 时应按文字显示",
  tags: ["!autodocs"],
  args: { source: '<img src=x onerror="alert(1)">' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('<img src=x onerror="alert(1)">')).toBeInTheDocument();
    await expect(canvasElement.querySelector("img")).toBeNull();
  },
};

export const WhenALinkIsNotHttpOrMailShouldShowItAsText: Story = {
  name: "链接不是 http(s) 或邮件地址时，应按文字显示而不是链接",
  tags: ["!autodocs"],
  args: {
    source:
      "[安全](https://example.com) [坏](javascript:alert(1)) [数据](data:text/html,x) <javascript:alert(1)>",
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "安全" })).toHaveAttribute("href", "https://example.com");
    await expect(canvas.getAllByRole("link")).toHaveLength(1);
    await expect(canvas.getByText(/\[坏\]\(javascript:alert\(1\)\)/)).toBeInTheDocument();
  },
};

export const WhenTasksAreListedShouldShowReadOnlyCheckboxes: Story = {
  name: "任务列表应显示为只读的复选框",
  tags: ["!autodocs"],
  args: { ...TaskList.args },
  play: async ({ canvas }) => {
    const done = canvas.getByRole("checkbox", { name: "去植物园拍银杏" });
    await expect(done).toBeChecked();
    await expect(done).toBeDisabled();
    await expect(canvas.getByRole("checkbox", { name: "整理本周想法" })).not.toBeChecked();
  },
};

const RECEIPT = "3f1c2a4e-8b7d-4c61-9e2f-0a1b2c3d4e5f";
const MISSING = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const withImages = {
  source: `## 出差报销\n\n收据拍下来了：\n\n![收据.jpg](attachment:${RECEIPT})\n\n另一张找不到了：![发票.png](attachment:${MISSING})\n\n参考图：![流程图](https://example.com/flow.png)`,
  images: { [RECEIPT]: sampleImages[0]! },
};

export const WithImages: Story = { args: withImages };

export const WhenAnImageIsNotTheNotesShouldShowAPlaceholder: Story = {
  name: "图片不是这篇笔记的时，应显示“图片不可用”而不请求它",
  tags: ["!autodocs"],
  args: {
    ...withImages,
    source: `${withImages.source}\n\n![坏](javascript:alert(1)) ![炸弹](data:image/png;base64,AAAA)`,
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("img", { name: "收据.jpg" })).toHaveAttribute("src", sampleImages[0]);
    await expect(canvas.getByRole("img", { name: "图片不可用：发票.png" })).toBeInTheDocument();
    await expect(canvas.getByRole("link", { name: "外部图片：流程图" })).toHaveAttribute(
      "href",
      "https://example.com/flow.png",
    );
    // one <img>: the note's own file; nothing else is ever requested
    await expect(canvasElement.querySelectorAll("img")).toHaveLength(1);
    await expect(canvas.getByText(/!\[坏\]\(javascript:alert\(1\)\)/)).toBeInTheDocument();
  },
};
