import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { SimilarPanel, type SimilarPanelItem } from "./similar-panel";

const items: SimilarPanelItem[] = [
  {
    type: "idea",
    id: "3f1c2a4e-0000-4000-8000-000000000001",
    title: "周末长距离慢跑15公里，配速控制在六分半",
    excerpt: "周末长距离慢跑15公里，配速控制在六分半",
    createdAt: "2026-10-12T01:20:00.000Z",
    reason: "相同的词：慢跑、配速",
  },
  {
    type: "note",
    id: "3f1c2a4e-0000-4000-8000-000000000002",
    title: "跑步训练计划",
    excerpt: "每周三次：间歇、节奏和长距离慢跑。周末的长距离不求快，心率控制在 140 以内。",
    createdAt: "2026-06-03T12:05:00.000Z",
    reason: "同一话题：跑步",
  },
  {
    type: "idea",
    id: "3f1c2a4e-0000-4000-8000-000000000003",
    title: "报名了明年的杭州马拉松",
    excerpt: "报名了明年的杭州马拉松",
    createdAt: "2025-12-30T09:00:00.000Z",
    reason: "标签相同：#跑步",
  },
];

const meta = {
  title: "组件/SimilarPanel 你想过这个",
  component: SimilarPanel,
  args: { items, onAnnotate: fn(), onLink: fn(), onDismiss: fn() },
  decorators: [
    (Story) => (
      <div className="w-[min(560px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
  parameters: { layout: "padded" },
} satisfies Meta<typeof SimilarPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const One: Story = { args: { items: items.slice(0, 1) } };
/** Nothing close: nothing is drawn, so the page below does not move. */
export const Empty: Story = { args: { items: [] } };
/** Where 追加为批注 is not offered (not wired yet): 关联 and 忽略 only. */
export const WithoutAnnotate: Story = { args: { onAnnotate: undefined } };
export const Dark: Story = { globals: { theme: "dark" } };
export const Phone: Story = { globals: { viewport: { value: "phone", isRotated: false } } };
export const PhoneDark: Story = {
  globals: { theme: "dark", viewport: { value: "phone", isRotated: false } },
};

export const WhenActionsAreTappedShouldCallBackWithTheItem: Story = {
  name: "点 追加为批注、关联、忽略 时，应带着该条目回调",
  tags: ["!autodocs"],
  play: async ({ canvasElement, args, userEvent }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getAllByRole("button", { name: "关联" })[1]!);
    await expect(args.onLink).toHaveBeenCalledWith(items[1]);
    await userEvent.click(canvas.getAllByRole("button", { name: "追加为批注" })[0]!);
    await expect(args.onAnnotate).toHaveBeenCalledWith(items[0]);
    // a note takes no 批注: only the two ideas offer it
    await expect(canvas.getAllByRole("button", { name: "追加为批注" })).toHaveLength(2);
    await userEvent.click(canvas.getByRole("button", { name: `忽略：${items[2]!.title}` }));
    await expect(args.onDismiss).toHaveBeenCalledWith(items[2]);
    // nothing in the panel took the focus on its own before the taps
    await expect(canvas.getByRole("region", { name: "你想过这个" })).toBeVisible();
  },
};
