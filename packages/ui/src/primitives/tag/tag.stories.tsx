import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn } from "storybook/test";
import { Tag } from "./tag";

const meta = {
  title: "组件/Tag 标签",
  component: Tag,
  args: { name: "产品设计" },
  argTypes: {
    variant: { control: "inline-radio", options: ["default", "primary"] },
  },
} satisfies Meta<typeof Tag>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Selected: Story = { args: { selected: true, onClick: fn() } };
export const Removable: Story = { args: { onRemove: fn() } };
export const Clickable: Story = { args: { onClick: fn() } };
export const SelectedRemovable: Story = { args: { selected: true, onClick: fn(), onRemove: fn() } };
export const LongName: Story = {
  args: { name: "一个非常非常长的标签名称会被截断" },
  decorators: [
    (Story) => (
      <div className="w-32">
        <Story />
      </div>
    ),
  ],
};

export const WhenRemoveIsClickedShouldCallOnRemove: Story = {
  name: "点击移除按钮时，应调用 onRemove",
  tags: ["!autodocs"],
  args: { onRemove: fn(), onClick: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "移除标签 产品设计" }));
    await expect(args.onRemove).toHaveBeenCalledTimes(1);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const WhenClickedShouldToggleSelection: Story = {
  name: "点击标签时，应调用 onClick 并切换选中状态",
  tags: ["!autodocs"],
  args: { onClick: fn() },
  render: function ToggleTag(args) {
    const [selected, setSelected] = useState(false);
    return (
      <Tag
        {...args}
        selected={selected}
        onClick={(event) => {
          args.onClick?.(event);
          setSelected((value) => !value);
        }}
      />
    );
  },
  play: async ({ canvas, userEvent, args }) => {
    const tag = canvas.getByRole("button", { name: "产品设计" });
    await expect(tag).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(tag);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await expect(tag).toHaveAttribute("aria-pressed", "true");
    await expect(tag.closest("[data-slot=tag]")).toHaveAttribute("data-selected", "true");
    await userEvent.click(tag);
    await expect(args.onClick).toHaveBeenCalledTimes(2);
    await expect(tag).toHaveAttribute("aria-pressed", "false");
  },
};

export const WhenNotClickableShouldRenderNoButton: Story = {
  name: "未传 onClick 时，标签不应是按钮",
  tags: ["!autodocs"],
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole("button")).toBeNull();
    await expect(canvas.getByText("产品设计")).toBeVisible();
  },
};

export const WhenOnAPhoneAClickableTagShouldTakeTaps44PxAround: Story = {
  name: "在手机上，可点的标签和移除按钮应在 44 px 见方内都能点中",
  tags: ["!autodocs"],
  args: { name: "读", onClick: fn(), onRemove: fn() },
  globals: { viewport: { value: "phoneSmall", isRotated: false } },
  render: (args) => (
    <div className="flex flex-col items-start gap-12 p-6">
      <Tag name={args.name} onClick={args.onClick} />
      <Tag name="跑步" onRemove={args.onRemove} />
    </div>
  ),
  play: async ({ canvas, canvasElement, args }) => {
    const doc = canvasElement.ownerDocument;
    const hitsAround = (el: HTMLElement) => {
      const box = el.getBoundingClientRect();
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      // 21 px from the centre each way: inside a 44 × 44 area, outside the 24 px chip
      return [
        [x, y - 21],
        [x, y + 21],
        [x - 21, y],
        [x + 21, y],
      ].map(([px, py]) => doc.elementFromPoint(px!, py!) === el);
    };
    const tag = canvas.getByRole("button", { name: "读" });
    await expect(tag.getBoundingClientRect().height).toBeLessThan(30);
    await expect(hitsAround(tag)).toEqual([true, true, true, true]);
    const remove = canvas.getByRole("button", { name: "移除标签 跑步" });
    await expect(hitsAround(remove)).toEqual([true, true, true, true]);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};
