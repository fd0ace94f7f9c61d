import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { Card, CardContent, CardHeader, CardTitle } from "../../primitives/card";
import { TwoPaneLayout } from "./two-pane-layout";

const paragraphs = [
  "好的习惯不是靠意志力，而是靠环境设计。把想做的事变得容易，把不想做的事变得困难。",
  "记录的意义不在于保存，而在于给未来的自己留一个可以重新进入当时思考的入口。",
  "整理是一种再思考：把零散的想法放在一起，常常会发现它们在回答同一个问题。",
  "写下来的东西会变得清晰；说不清楚的地方，往往就是还没想明白的地方。",
];

const article = Array.from({ length: 40 }, (_, index) => ({
  id: `p${index + 1}`,
  text: `${index + 1}. ${paragraphs[index % paragraphs.length]}`,
}));

const relatedTitles = [
  "环境设计与习惯",
  "周末读书会的讨论",
  "为什么要写周报",
  "关于专注的三个方法",
  "散步时想到的",
];
const related = Array.from({ length: 12 }, (_, index) => ({
  id: `r${index + 1}`,
  title: relatedTitles[index % relatedTitles.length],
  text: paragraphs[(index + 1) % paragraphs.length],
}));

const meta = {
  title: "布局/TwoPaneLayout 两栏布局",
  component: TwoPaneLayout,
  parameters: { layout: "fullscreen" },
  args: {
    left: (
      <article className="flex flex-col gap-4 p-8">
        <h2 className="text-2xl font-semibold">读书笔记：《习惯的力量》</h2>
        {article.map((paragraph) => (
          <p key={paragraph.id} className="leading-relaxed">
            {paragraph.text}
          </p>
        ))}
      </article>
    ),
    right: (
      <div className="flex flex-col gap-3 p-6">
        <h2 className="text-base font-semibold">相关想法</h2>
        {related.map((item) => (
          <Card key={item.id}>
            <CardHeader>
              <CardTitle>{item.title}</CardTitle>
            </CardHeader>
            <CardContent>{item.text}</CardContent>
          </Card>
        ))}
      </div>
    ),
  },
} satisfies Meta<typeof TwoPaneLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const ShouldSplitTheWidth60To40: Story = {
  name: "两栏应按 60% / 40% 分配宽度",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement }) => {
    const root = canvasElement.querySelector("[data-slot=two-pane-layout]")!.getBoundingClientRect();
    const left = canvas.getByRole("region", { name: "内容" }).getBoundingClientRect();
    const right = canvas.getByRole("region", { name: "相关与AI" }).getBoundingClientRect();
    await expect(Math.abs(left.width + right.width - root.width)).toBeLessThanOrEqual(1);
    await expect(Math.abs(left.width - root.width * 0.6)).toBeLessThanOrEqual(1);
    await expect(Math.abs(right.width - root.width * 0.4)).toBeLessThanOrEqual(1);
    await expect(left.right).toBeCloseTo(right.left, 0);
  },
};

export const ShouldScrollEachPaneOnItsOwn: Story = {
  name: "每一栏应各自滚动",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement }) => {
    const view = canvasElement.ownerDocument.defaultView!;
    const root = canvasElement.querySelector("[data-slot=two-pane-layout]")!;
    const left = canvas.getByRole("region", { name: "内容" });
    const right = canvas.getByRole("region", { name: "相关与AI" });
    await expect(root.getBoundingClientRect().height).toBeCloseTo(Math.max(view.innerHeight - 73, 700), 0);
    await expect(left.scrollHeight).toBeGreaterThan(left.clientHeight);
    await expect(right.scrollHeight).toBeGreaterThan(right.clientHeight);
    left.scrollTop = 300;
    await waitFor(() => expect(left.scrollTop).toBe(300));
    await expect(right.scrollTop).toBe(0);
    await expect(view.scrollY).toBe(0);
  },
};

/** Phones and tablets: one pane at a time, the other one tap away. */
export const Phone: Story = { globals: { viewport: { value: "phone", isRotated: false } } };
export const Dark: Story = { globals: { theme: "dark" } };

export const OnAPhoneOneTapShouldShowTheSidePane: Story = {
  name: "手机上点一下「相关与AI」应显示右栏",
  tags: ["!autodocs"],
  globals: { viewport: { value: "phone", isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    const main = canvas.getByRole("region", { name: "内容" });
    await expect(main).toBeVisible();
    await expect(canvas.queryByRole("region", { name: "相关与AI" })).toBeNull();
    await userEvent.click(canvas.getByRole("tab", { name: "相关与AI" }));
    await expect(canvas.getByRole("region", { name: "相关与AI" })).toBeVisible();
    await expect(canvas.getByRole("tab", { name: "相关与AI" })).toHaveAttribute("aria-selected", "true");
    await expect(canvas.queryByRole("region", { name: "内容" })).toBeNull();
  },
};
