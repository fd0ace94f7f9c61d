import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { CardMarkdown } from "./card-markdown";

const meta = {
  title: "组件/CardMarkdown 卡片正文",
  component: CardMarkdown,
  args: {
    source: "今天读完了**《置身事内》**，*很好读*。\n第二章讲土地财政，~~以前~~现在终于看懂了。",
  },
  decorators: [
    (Story) => (
      <div className="w-[min(560px,calc(100vw-2rem))] text-sm leading-relaxed">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CardMarkdown>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Bold, italic and strike between Chinese words; the memo's own line breaks kept. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("strong")).toHaveTextContent("《置身事内》");
    await expect(canvasElement.querySelector("em")).toHaveTextContent("很好读");
    await expect(canvasElement.querySelector("s")).toHaveTextContent("以前");
    await expect(canvasElement.querySelector("p")?.textContent).toContain("\n第二章");
    await expect(canvasElement.textContent).not.toMatch(/\*|~~/);
  },
};

export const Lists: Story = {
  args: {
    source:
      "周末要做：\n1. 跑步 5 公里\n2. 整理书架\n   - 送掉看过的\n   - 留下想重读的\n- [x] 买菜\n- [ ] 给妈妈打电话",
  },
  play: async ({ canvas, canvasElement }) => {
    const items = (selector: string) =>
      [...canvasElement.querySelectorAll(selector)].map((li) => li.firstChild?.textContent);
    await expect(items("ol > li")).toEqual(["跑步 5 公里", "整理书架"]);
    await expect(items("ol ul > li")).toEqual(["送掉看过的", "留下想重读的"]);
    await expect(canvas.getByRole("checkbox", { name: "买菜" })).toBeChecked();
    await expect(canvas.getByRole("checkbox", { name: "给妈妈打电话" })).not.toBeChecked();
    await expect(canvasElement.textContent).not.toMatch(/\[[ x]\]|^- |\d\. /m);
  },
};

export const LinksAndCode: Story = {
  args: {
    source:
      "参考[这篇文章](https://example.com/a)和 https://example.com/b，命令是 `npm test`。\n[不安全的链接](javascript:alert(1))只留文字。",
  },
};

/** Headings become bold lines (a card has one title at most), quotes and code stay compact. */
export const HeadingsQuotesAndCode: Story = {
  args: {
    source:
      "# 读书笔记\n> 慢一点，也是一种前进\n\n```js\nconst a = 1;\n```\n---\n收据![收据.jpg](attachment:3f1c2a4e-8b7d-4c61-9e2f-0a1b2c3d4e5f)",
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("p > strong")).toHaveTextContent("读书笔记");
    await expect(canvasElement.querySelector("blockquote")).toHaveTextContent("慢一点，也是一种前进");
    // the fence's info string (js) is not text
    await expect(canvasElement.querySelector("pre")?.textContent).toBe("const a = 1;");
    await expect(canvasElement.querySelector("hr")).not.toBeNull();
    await expect(canvasElement.textContent).toContain("收据[图片：收据.jpg]");
    await expect(canvasElement.textContent).not.toMatch(/#|>|```|attachment:/);
  },
};

/** Search: the words of the query marked in the text. */
export const WithTerms: Story = {
  args: { terms: ["土地"] },
};

export const WhenRenderedShouldShowNoRawMarkup: Story = {
  name: "渲染后不应出现任何 Markdown 原始符号，危险链接只留文字",
  tags: ["!autodocs"],
  args: { ...LinksAndCode.args },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("link", { name: "这篇文章" })).toHaveAttribute(
      "href",
      "https://example.com/a",
    );
    await expect(canvas.getByRole("link", { name: "https://example.com/b" })).toHaveAttribute(
      "rel",
      "noopener noreferrer nofollow",
    );
    await expect(canvas.queryByRole("link", { name: "不安全的链接" })).toBeNull();
    await expect(canvasElement.textContent).toContain("不安全的链接只留文字");
    await expect(canvasElement.textContent).not.toMatch(/\]\(|`/);
    await expect(canvasElement.querySelector("code")).toHaveTextContent("npm test");
  },
};
