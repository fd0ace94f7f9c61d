import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { ReviewProgress } from "./review-progress";

const meta = {
  title: "组件/ReviewProgress 每日回顾进度",
  component: ReviewProgress,
  globals: { viewport: { value: "phone", isRotated: false } },
  args: { done: 2, total: 5 },
  decorators: [
    (Story) => (
      <div className="w-[min(680px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ReviewProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InProgress: Story = {};
export const Finished: Story = { args: { done: 5, total: 5 } };
export const FinishedDark: Story = { args: { done: 5, total: 5 }, globals: { theme: "dark" } };

export const TheLastItemDoneShouldSayTheDayIsFinished: Story = {
  name: "最后一条记住后应说今天的回顾完成了",
  tags: ["!autodocs"],
  args: { done: 3, total: 3 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("已回顾 3 / 3")).toBeVisible();
    await expect(canvas.getByRole("status")).toHaveTextContent("今天的回顾完成了");
    await expect(canvas.getByRole("progressbar", { name: "今日回顾进度" })).toHaveAttribute(
      "aria-valuenow",
      "100",
    );
  },
};
