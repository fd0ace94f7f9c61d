import type { Meta, StoryObj } from "@storybook/react-vite";
import { ReviewEmptyState } from "./review-empty-state";

const meta = {
  title: "组件/ReviewEmptyState 每日回顾空状态",
  component: ReviewEmptyState,
  globals: { viewport: { value: "phone", isRotated: false } },
  args: { kind: "review" },
  decorators: [
    (Story) => (
      <div className="w-[min(680px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ReviewEmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NothingToReviewYet: Story = {};
export const NothingToReviewYetDark: Story = { globals: { theme: "dark" } };
export const NothingOnThisDay: Story = { args: { kind: "onThisDay" } };
export const NothingOnThisDayDark: Story = { args: { kind: "onThisDay" }, globals: { theme: "dark" } };
