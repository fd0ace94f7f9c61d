// Over 300 lines on purpose: one story per state of the pill (modes, lengths, IME, widths), each
// with its play function, as the design system documents every component.
import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn } from "storybook/test";
import { SearchPill, type SearchPillProps } from "./search-pill";

const inputName = "搜索想法或和AI助手聊天";

function ControlledSearchPill({ value: initial = "", onValueChange, ...args }: SearchPillProps) {
  const [value, setValue] = React.useState(initial);
  return (
    <div className="flex flex-col gap-2">
      <SearchPill
        {...args}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          onValueChange?.(next);
        }}
      />
      <p data-testid="parent-value" className="text-sm text-muted-foreground">
        父组件中的值：{value || "（空）"}
      </p>
    </div>
  );
}

const pressOnBody = (body: HTMLElement, init: KeyboardEventInit) => {
  const event = new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init });
  body.dispatchEvent(event);
  return event;
};

const meta = {
  title: "组件/SearchPill 搜索框",
  component: SearchPill,
  tags: ["!autodocs"],
  args: { onSearch: fn(), onValueChange: fn(), onAvatarClick: fn() },
  argTypes: { width: { control: "inline-radio", options: ["fixed", "fluid", "responsive"] } },
  // The spec's 500 × 40 desktop pill; its phone form is in TopBar's Phone stories.
  parameters: { desktopOnly: true },
} satisfies Meta<typeof SearchPill>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithValue: Story = { args: { defaultValue: "周末读书计划" } };
export const Controlled: Story = {
  args: { value: "周末读书计划" },
  render: (args) => <ControlledSearchPill {...args} />,
};
export const Hidden: Story = { args: { hidden: true } };
export const Fluid: Story = {
  args: { width: "fluid" },
  decorators: [(Story) => <div className="w-[min(320px,calc(100vw-2rem))]">{Story()}</div>],
  parameters: { desktopOnly: false },
};
export const CustomPlaceholder: Story = { args: { placeholder: "搜索笔记..." } };

export const WhenTextIsTypedShouldSwapTheSearchButtonForClear: Story = {
  name: "输入文字后，橙色搜索按钮应变为灰色清除按钮",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent }) => {
    const search = canvas.getByRole("button", { name: "搜索" });
    await expect(search).toHaveClass("bg-primary");
    await expect(canvas.queryByRole("button", { name: "清除" })).toBeNull();
    await userEvent.type(canvas.getByRole("textbox", { name: inputName }), "灵感");
    await expect(canvas.getByRole("button", { name: "清除" })).toHaveClass("bg-muted");
    await expect(canvas.queryByRole("button", { name: "搜索" })).toBeNull();
  },
};

export const WhenEnterIsPressedWithTextShouldSearchTheTrimmedText: Story = {
  name: "有文字时按回车，应以去掉首尾空格的文字搜索",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    await userEvent.type(input, "  读书笔记  {Enter}");
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
    await expect(args.onSearch).toHaveBeenCalledWith("读书笔记");
    await expect(input).toHaveValue("  读书笔记  ");
  },
};

export const WhenEnterIsPressedWithBlankTextShouldClearAndSearchEmpty: Story = {
  name: "只有空格时按回车，应清空输入框并以空字符串搜索",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    await userEvent.type(input, "   ");
    await expect(args.onSearch).not.toHaveBeenCalled();
    await userEvent.keyboard("{Enter}");
    await expect(input).toHaveValue("");
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
    await expect(args.onSearch).toHaveBeenCalledWith("");
  },
};

export const WhenSearchButtonIsClickedWithEmptyTextShouldSearchEmpty: Story = {
  name: "输入框为空时点击搜索按钮，应以空字符串搜索",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "搜索" }));
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
    await expect(args.onSearch).toHaveBeenCalledWith("");
    await expect(canvas.getByRole("textbox", { name: inputName })).toHaveValue("");
  },
};

export const WhenClearIsClickedShouldEmptyTheFieldAndSearchEmpty: Story = {
  name: "点击清除按钮时，应清空输入框并以空字符串搜索",
  tags: ["!autodocs"],
  args: { defaultValue: "周末读书计划" },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    await userEvent.click(canvas.getByRole("button", { name: "清除" }));
    await expect(input).toHaveValue("");
    await expect(input).toHaveFocus();
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
    await expect(args.onSearch).toHaveBeenCalledWith("");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("");
    await expect(canvas.getByRole("button", { name: "搜索" })).toBeInTheDocument();
  },
};

export const WhenTextIsEditedToBlankShouldSearchEmpty: Story = {
  name: "把文字删到空白时，应以空字符串搜索",
  tags: ["!autodocs"],
  args: { defaultValue: "想法" },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    await userEvent.click(input);
    await userEvent.keyboard("{Backspace}");
    await expect(args.onSearch).not.toHaveBeenCalled();
    await userEvent.keyboard("{Backspace}");
    await expect(input).toHaveValue("");
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
    await expect(args.onSearch).toHaveBeenCalledWith("");
  },
};

export const WhenEscapeIsPressedShouldClearAndSearchEmpty: Story = {
  name: "在输入框内按 Esc 时，应清空并以空字符串搜索",
  tags: ["!autodocs"],
  args: { defaultValue: "周末读书计划" },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    await userEvent.click(input);
    await userEvent.keyboard("{Escape}");
    await expect(input).toHaveValue("");
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
    await expect(args.onSearch).toHaveBeenCalledWith("");
  },
};

export const WhenEnterIsPressedWhileComposingShouldNotSearch: Story = {
  name: "输入法组字时按回车不应搜索，组字结束后按回车才搜索",
  tags: ["!autodocs"],
  args: { defaultValue: "读书想法" },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    await userEvent.click(input);
    input.dispatchEvent(new CompositionEvent("compositionstart", { bubbles: true, data: "" }));
    const composingEnter = new KeyboardEvent("keydown", {
      key: "Enter",
      isComposing: true,
      bubbles: true,
      cancelable: true,
    });
    input.dispatchEvent(composingEnter);
    await expect(args.onSearch).not.toHaveBeenCalled();
    await expect(composingEnter.defaultPrevented).toBe(false);
    await expect(input).toHaveValue("读书想法");
    input.dispatchEvent(new CompositionEvent("compositionend", { bubbles: true, data: "想法" }));
    await userEvent.keyboard("{Enter}");
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
    await expect(args.onSearch).toHaveBeenCalledWith("读书想法");
  },
};

export const WhenEscapeIsPressedWhileComposingShouldKeepTheText: Story = {
  name: "输入法组字时按 Esc 只取消组字，不应清空输入框",
  tags: ["!autodocs"],
  args: { defaultValue: "读书想法" },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    await userEvent.click(input);
    input.dispatchEvent(new CompositionEvent("compositionstart", { bubbles: true, data: "" }));
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", isComposing: true, bubbles: true }));
    await expect(input).toHaveValue("读书想法");
    await expect(args.onSearch).not.toHaveBeenCalled();
  },
};

export const WhenSlashIsPressedShouldFocusTheInput: Story = {
  name: "在页面上按 / 时，应聚焦搜索框",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    await expect(input).not.toHaveFocus();
    const event = pressOnBody(canvasElement.ownerDocument.body, { key: "/" });
    await expect(input).toHaveFocus();
    await expect(event.defaultPrevented).toBe(true);
    await expect(input).toHaveValue("");
  },
};

export const WhenCtrlKIsPressedShouldFocusTheInput: Story = {
  name: "按 Ctrl+K 时，应聚焦搜索框",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    await expect(input).not.toHaveFocus();
    const event = pressOnBody(canvasElement.ownerDocument.body, { key: "k", ctrlKey: true });
    await expect(input).toHaveFocus();
    await expect(event.defaultPrevented).toBe(true);
  },
};

export const WhenSlashIsTypedInAnotherFieldShouldNotMoveFocus: Story = {
  name: "在其他输入框里输入 / 时，不应抢走焦点",
  tags: ["!autodocs"],
  decorators: [
    (Story) => (
      <div className="flex flex-col gap-3">
        {Story()}
        <textarea
          aria-label="记录一个想法"
          className="w-[500px] rounded-md border border-input p-2 text-sm"
        />
      </div>
    ),
  ],
  play: async ({ canvas, userEvent }) => {
    const other = canvas.getByRole("textbox", { name: "记录一个想法" });
    await userEvent.type(other, "a/b");
    await expect(other).toHaveFocus();
    await expect(other).toHaveValue("a/b");
    await expect(canvas.getByRole("textbox", { name: inputName })).toHaveValue("");
  },
};

export const WhenShortcutIsOffShouldIgnoreSlash: Story = {
  name: "关闭快捷键时，按 / 不应聚焦搜索框",
  tags: ["!autodocs"],
  args: { shortcut: false },
  play: async ({ canvas, canvasElement }) => {
    const event = pressOnBody(canvasElement.ownerDocument.body, { key: "/" });
    await expect(canvas.getByRole("textbox", { name: inputName })).not.toHaveFocus();
    await expect(event.defaultPrevented).toBe(false);
  },
};

export const WhenAssistantAvatarIsClickedShouldCallOnAvatarClick: Story = {
  name: "点击左侧 AI 助手头像时，应调用 onAvatarClick",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "打开AI助手" }));
    await expect(args.onAvatarClick).toHaveBeenCalledTimes(1);
    await expect(args.onSearch).not.toHaveBeenCalled();
  },
};

export const WhenControlledShouldShowTheParentValueAndReportChanges: Story = {
  name: "受控时应显示父组件的值，并通过 onValueChange 报告修改",
  tags: ["!autodocs"],
  args: { value: "周末读书计划" },
  render: (args) => <ControlledSearchPill {...args} />,
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    await expect(input).toHaveValue("周末读书计划");
    await userEvent.click(canvas.getByRole("button", { name: "清除" }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith("");
    await userEvent.type(input, "新想法");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("新想法");
    await expect(canvas.getByTestId("parent-value")).toHaveTextContent("父组件中的值：新想法");
  },
};

export const WhenControlledValueIsNotUpdatedShouldKeepIt: Story = {
  name: "受控值未被父组件更新时，输入框应保持原值",
  tags: ["!autodocs"],
  args: { value: "固定的值" },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole("textbox", { name: inputName });
    await userEvent.type(input, "啊");
    await expect(args.onValueChange).toHaveBeenCalledWith("固定的值啊");
    await expect(input).toHaveValue("固定的值");
  },
};

export const WhenHiddenShouldNotBeShownNorTakeTheShortcut: Story = {
  name: "隐藏时不应显示，也不应响应快捷键",
  tags: ["!autodocs"],
  args: { hidden: true },
  play: async ({ canvas, canvasElement }) => {
    const pill = canvas.getByRole("search", { hidden: true });
    await expect(pill).toHaveAttribute("hidden");
    await expect(pill).not.toBeVisible();
    const event = pressOnBody(canvasElement.ownerDocument.body, { key: "/" });
    await expect(event.defaultPrevented).toBe(false);
    await expect(canvas.getByRole("textbox", { name: inputName, hidden: true })).not.toHaveFocus();
  },
};
