import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { VoiceRecorderProblem } from "./voice-recorder-problem";

const meta = {
  title: "组件/VoiceRecorderProblem 录音失败",
  component: VoiceRecorderProblem,
  args: {
    message: "没有麦克风权限：请在浏览器或系统设置中允许本站使用麦克风后再试",
    onDismiss: fn(),
  },
  decorators: [
    (Story) => (
      <div className="w-[min(560px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VoiceRecorderProblem>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PermissionRefused: Story = {};
export const NoMicrophone: Story = { args: { message: "没有找到麦克风，请连接麦克风后再试" } };
export const OnPhone: Story = { globals: { viewport: { value: "phone", isRotated: false } } };

export const WhenCloseIsClickedShouldDismissIt: Story = {
  name: "点击关闭，应调用 onDismiss",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole("alert")).toHaveTextContent("没有麦克风权限");
    await userEvent.click(canvas.getByRole("button", { name: "关闭提示" }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};
