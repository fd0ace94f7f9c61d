import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn } from "storybook/test";
import { ChatComposer, type ChatComposerProps } from "./chat-composer";

const inputName = "输入你的问题";

function ControlledComposer({ value: initial = "", onValueChange, onSend, ...args }: ChatComposerProps) {
  const [value, setValue] = React.useState(initial);
  return (
    <ChatComposer
      {...args}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValueChange?.(next);
      }}
      onSend={(text) => {
        onSend(text);
        setValue("");
      }}
    />
  );
}

const meta = {
  title: "组件/ChatComposer 对话输入框",
  component: ChatComposer,
  args: { onSend: fn(), onStop: fn(), onValueChange: fn() },
  decorators: [
    (Story) => (
      <div className="w-[min(640px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ChatComposer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithText: Story = { args: { defaultValue: "我上个月记了哪些关于读书的想法？" } };
export const LongText: Story = {
  args: {
    defaultValue: [
      "帮我把这几条想法整理成一份周末计划：",
      "1. 周六上午去图书馆还书；",
      "2. 下午和朋友去爬山，记得带相机；",
      "3. 晚上整理这周的读书笔记；",
      "4. 周日早上做一顿像样的早餐；",
      "5. 下午去看那个摄影展；",
      "6. 晚上给妈妈打电话；",
      "7. 睡前列出下周要做的三件事。",
    ].join("\n"),
  },
};
export const Streaming: Story = { args: { streaming: true, defaultValue: "顺便再问一下" } };
export const Disabled: Story = { args: { disabled: true, costHint: "点数不足，充值后即可继续提问" } };
export const WithCostHint: Story = { args: { costHint: "每次回答消耗 2 点 · 余额 98 点" } };
export const OfflineHint: Story = { args: { costHint: "本地模式 · 不消耗点数" } };
export const Controlled: Story = {
  args: { value: "帮我总结一下最近的想法" },
  render: (args) => <ControlledComposer {...args} />,
};

export const WhenEnterIsPressedShouldSendTheTrimmedText: Story = {
  name: "按 Enter 时，应发送去掉首尾空格的文字并清空输入框",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    await userEvent.type(input, "  周末读什么书？  {Enter}");
    await expect(args.onSend).toHaveBeenCalledTimes(1);
    await expect(args.onSend).toHaveBeenCalledWith("周末读什么书？");
    await expect(input).toHaveValue("");
  },
};

export const WhenTheSendButtonIsClickedShouldSend: Story = {
  name: "点击发送按钮时，应发送文字并把焦点留在输入框",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    await userEvent.type(input, "今天有什么灵感？");
    await userEvent.click(canvas.getByRole("button", { name: "发送" }));
    await expect(args.onSend).toHaveBeenCalledWith("今天有什么灵感？");
    await expect(input).toHaveFocus();
  },
};

export const WhenCtrlEnterIsPressedShouldSend: Story = {
  name: "按 Ctrl+Enter 时，也应发送",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(canvas.getByRole("textbox", { name: inputName }), "总结一下");
    await userEvent.keyboard("{Control>}{Enter}{/Control}");
    await expect(args.onSend).toHaveBeenCalledTimes(1);
    await expect(args.onSend).toHaveBeenCalledWith("总结一下");
  },
};

export const WhenShiftEnterIsPressedShouldInsertANewline: Story = {
  name: "按 Shift+Enter 时，应换行而不发送",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    await userEvent.type(input, "第一行{Shift>}{Enter}{/Shift}第二行");
    await expect(input).toHaveValue("第一行\n第二行");
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

export const WhenEnterIsPressedDuringImeCompositionShouldNotSend: Story = {
  name: "输入法组字时按 Enter，不应发送",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    await userEvent.type(input, "读书");
    input.dispatchEvent(new CompositionEvent("compositionstart", { bubbles: true, data: "" }));
    const composingEnter = new KeyboardEvent("keydown", {
      key: "Enter",
      isComposing: true,
      bubbles: true,
      cancelable: true,
    });
    input.dispatchEvent(composingEnter);
    await expect(args.onSend).not.toHaveBeenCalled();
    await expect(composingEnter.defaultPrevented).toBe(false);
    input.dispatchEvent(new CompositionEvent("compositionend", { bubbles: true, data: "读书" }));
    await userEvent.keyboard("{Enter}");
    await expect(args.onSend).toHaveBeenCalledTimes(1);
    await expect(args.onSend).toHaveBeenCalledWith("读书");
  },
};

export const WhenTheTextIsBlankShouldNotSend: Story = {
  name: "只有空白时，发送按钮应禁用且按 Enter 不应发送",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const send = canvas.getByRole("button", { name: "发送" });
    await expect(send).toBeDisabled();
    const input = canvas.getByRole("textbox", { name: inputName });
    await userEvent.type(input, "   {Enter}");
    await expect(send).toBeDisabled();
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.type(input, "好");
    await expect(send).toBeEnabled();
  },
};

export const WhileStreamingShouldStopInsteadOfSending: Story = {
  name: "回答生成中时，点击停止应调用 onStop，按 Enter 不应发送",
  tags: ["!autodocs"],
  args: { streaming: true },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.queryByRole("button", { name: "发送" })).toBeNull();
    const input = canvas.getByRole("textbox", { name: inputName });
    await userEvent.type(input, "下一个问题{Enter}");
    await expect(args.onSend).not.toHaveBeenCalled();
    await expect(input).toHaveValue("下一个问题");
    await userEvent.click(canvas.getByRole("button", { name: "停止" }));
    await expect(args.onStop).toHaveBeenCalledTimes(1);
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

export const WhenDisabledShouldNotAcceptText: Story = {
  name: "禁用时，输入框和发送按钮都不可用",
  tags: ["!autodocs"],
  args: { disabled: true, defaultValue: "还没发出去的问题" },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole("textbox", { name: inputName })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "发送" })).toBeDisabled();
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

export const WhenControlledShouldReportChangesAndLetTheParentClear: Story = {
  name: "受控时，应通过 onValueChange 报告修改，由父组件在发送后清空",
  tags: ["!autodocs"],
  args: { value: "" },
  render: (args) => <ControlledComposer {...args} />,
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    await userEvent.type(input, "你好");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("你好");
    await userEvent.keyboard("{Enter}");
    await expect(args.onSend).toHaveBeenCalledWith("你好");
    await expect(input).toHaveValue("");
  },
};

export const WhenManyLinesAreTypedShouldGrowUpToSixLines: Story = {
  name: "输入多行时，应变高，最多约 6 行后滚动",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    const oneLine = input.getBoundingClientRect().height;
    await userEvent.type(input, "一{Shift>}{Enter}{/Shift}二{Shift>}{Enter}{/Shift}三");
    await expect(input.getBoundingClientRect().height).toBeGreaterThan(oneLine + 30);
    await userEvent.type(
      input,
      "{Shift>}{Enter}{/Shift}四{Shift>}{Enter}{/Shift}五{Shift>}{Enter}{/Shift}六{Shift>}{Enter}{/Shift}七{Shift>}{Enter}{/Shift}八",
    );
    const atMax = input.getBoundingClientRect().height;
    await expect(input.style.overflowY).toBe("auto");
    await userEvent.type(input, "{Shift>}{Enter}{/Shift}九");
    await expect(input.getBoundingClientRect().height).toBe(atMax);
  },
};
