import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { Sheet } from "./sheet";

const list = (
  <ul className="flex flex-col gap-1 p-3">
    {["我的陶艺计划", "读书清单", "周末去哪儿"].map((t) => (
      <li key={t} className="rounded-md px-3 py-2.5 text-sm hover:bg-muted">
        {t}
      </li>
    ))}
  </ul>
);

const meta = {
  title: "组件/Sheet 抽屉",
  component: Sheet,
  parameters: { layout: "fullscreen" },
  args: { title: "对话列表", open: true, onOpenChange: fn(), children: list },
  globals: { viewport: { value: "phone", isRotated: false } },
} satisfies Meta<typeof Sheet>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Left: Story = {};
export const Bottom: Story = { args: { side: "bottom", title: "相关内容" } };

export const WhenCloseIsTappedShouldAskToClose: Story = {
  name: "点关闭按钮时，应请求关闭",
  tags: ["!autodocs"],
  play: async ({ canvasElement, userEvent, args }) => {
    const sheet = within(canvasElement.ownerDocument.body).getByRole("dialog", { name: "对话列表" });
    await expect(within(sheet).getByText("读书清单")).toBeVisible();
    await userEvent.click(within(sheet).getByRole("button", { name: "关闭" }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};
