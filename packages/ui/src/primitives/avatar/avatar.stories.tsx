import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, waitFor } from "storybook/test";
import { Avatar } from "./avatar";

const portrait = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72"><rect width="72" height="72" fill="#fed7aa"/><circle cx="36" cy="28" r="13" fill="#c2410c"/><path d="M12 72c2-16 12-24 24-24s22 8 24 24z" fill="#c2410c"/></svg>',
)}`;
const broken = "data:image/png;base64,bm90LWFuLWltYWdl";

const meta = {
  title: "组件/Avatar 头像",
  component: Avatar,
  args: { nickname: "alice" },
  argTypes: { size: { control: "inline-radio", options: ["sm", "md", "lg", "xl"] } },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithImage: Story = { args: { src: portrait } };
export const LetterFromNickname: Story = {};
export const ChineseNickname: Story = { args: { nickname: "小明" } };
export const NoNickname: Story = { args: { nickname: undefined } };
export const Small: Story = { args: { size: "sm" } };
export const Medium: Story = { args: { size: "md", src: portrait } };
export const Large: Story = { args: { size: "lg", nickname: "小明" } };
export const ExtraLarge: Story = { args: { size: "xl", src: portrait } };
export const Clickable: Story = { args: { src: portrait, onClick: fn() } };

export const WhenNicknameIsLatinShouldShowItsUppercaseInitial: Story = {
  name: "英文昵称应显示大写首字母",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("img", { name: "alice" })).toHaveTextContent(/^A$/);
    await expect(canvasElement.querySelector('[data-slot="avatar"]')).toHaveAttribute(
      "data-state",
      "fallback",
    );
  },
};

export const WhenThereIsNoNicknameShouldShowU: Story = {
  name: "没有昵称时应显示 U",
  tags: ["!autodocs"],
  args: { nickname: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("img", { name: "用户头像" })).toHaveTextContent(/^U$/);
  },
};

export const WhenTheImageLoadsShouldShowItWithTheNicknameAsAlt: Story = {
  name: "有头像图片时应显示图片，替代文字为昵称",
  tags: ["!autodocs"],
  args: { src: portrait, nickname: "小明" },
  play: async ({ canvas }) => {
    const image = canvas.getByRole("img", { name: "小明" });
    await expect(image.tagName).toBe("IMG");
    await expect(canvas.queryByText("小")).not.toBeInTheDocument();
  },
};

export const BrokenImage: Story = {
  name: "图片加载失败时应显示昵称首字母",
  tags: ["!autodocs"],
  args: { src: broken, nickname: "bob" },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByRole("img", { name: "bob" })).toHaveTextContent(/^B$/));
    await expect(canvasElement.querySelector("img")).toBeNull();
    await expect(canvasElement.querySelector('[data-slot="avatar"]')).toHaveAttribute(
      "data-state",
      "fallback",
    );
  },
};

export const WhenClickedShouldCallOnClick: Story = {
  name: "可点击头像被点击时应调用 onClick",
  tags: ["!autodocs"],
  args: { src: portrait, onClick: fn() },
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole("button", { name: "打开个人资料" });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await expect(button).toHaveAttribute("type", "button");
  },
};
