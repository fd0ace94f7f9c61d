import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { Input } from "../input";
import { Textarea } from "../textarea";
import { Field } from "./field";

const meta = {
  title: "组件/Field 表单字段",
  component: Field,
  args: {
    id: "nickname",
    label: "昵称",
    className: "w-72",
    children: (control) => <Input {...control} placeholder="你希望我们怎么称呼你" />,
  },
  argTypes: { children: { control: false } },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithHint: Story = { args: { hint: "最多 20 个字，会显示在头像旁边。" } };
export const WithError: Story = { args: { error: "昵称不能为空" } };
export const Required: Story = { args: { required: true } };
export const WithTextarea: Story = {
  args: {
    id: "identity",
    label: "身份描述",
    hint: "AI 助手会参考它来回答你。",
    children: (control) => <Textarea {...control} defaultValue="产品经理，喜欢读历史和写随笔。" />,
  },
};

export const WhenTheLabelIsClickedShouldFocusTheControl: Story = {
  name: "点击标签时应聚焦输入框",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByText("昵称"));
    await expect(canvas.getByRole("textbox", { name: "昵称" })).toHaveFocus();
  },
};

export const WhenThereIsAnErrorShouldAnnounceAndLinkIt: Story = {
  name: "有错误时应播报错误并关联到输入框",
  tags: ["!autodocs"],
  args: { hint: "最多 20 个字", error: "昵称不能为空" },
  play: async ({ canvas }) => {
    const input = canvas.getByRole("textbox", { name: "昵称" });
    const alert = canvas.getByRole("alert");
    await expect(alert).toHaveTextContent("昵称不能为空");
    await expect(input.getAttribute("aria-describedby")?.split(" ")).toContain(alert.id);
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription("最多 20 个字 昵称不能为空");
  },
};

export const WhenRequiredShouldMarkTheControlRequired: Story = {
  name: "必填时应把输入框标为必填",
  tags: ["!autodocs"],
  args: { required: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("textbox", { name: "昵称" })).toBeRequired();
    await expect(canvas.queryByRole("alert")).not.toBeInTheDocument();
  },
};
