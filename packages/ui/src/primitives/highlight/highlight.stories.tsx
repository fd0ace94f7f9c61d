import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { Highlight } from "./highlight";

const meta = {
  title: "组件/Highlight 高亮",
  component: Highlight,
  args: { text: "今天想到一个关于产品设计的好点子" },
} satisfies Meta<typeof Highlight>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithRanges: Story = { args: { ranges: [[8, 10]] } };
export const WithTerms: Story = { args: { terms: ["产品", "设计"] } };
export const NoMatch: Story = { args: { terms: ["周报"] } };
export const OverlappingRanges: Story = {
  args: {
    text: "把零散的想法整理成一篇笔记，再让 AI 帮忙补充提纲",
    ranges: [
      [4, 6],
      [5, 8],
      [17, 19],
    ],
  },
};

export const WhenTermsAreGivenShouldMarkEveryOccurrence: Story = {
  name: "给出关键词时，应标出每一处出现",
  tags: ["!autodocs"],
  args: { text: "产品设计：先想产品，再做设计", terms: ["产品", "设计"] },
  play: async ({ canvasElement }) => {
    const marks = [...canvasElement.querySelectorAll("mark")].map((mark) => mark.textContent);
    await expect(marks).toEqual(["产品设计", "产品", "设计"]);
    await expect(canvasElement.querySelector("[data-slot=highlight]")).toHaveTextContent(
      "产品设计：先想产品，再做设计",
    );
  },
};

export const WhenNothingMatchesShouldRenderPlainText: Story = {
  name: "没有匹配时，应只显示原文",
  tags: ["!autodocs"],
  args: { terms: ["周报"], ranges: [[40, 50]] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll("mark")).toHaveLength(0);
    await expect(canvasElement.querySelector("[data-slot=highlight]")).toHaveTextContent(
      "今天想到一个关于产品设计的好点子",
    );
  },
};
