import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, waitFor, within } from "storybook/test";
import { Textarea } from "../../primitives/textarea";
import { sampleMarks, sampleQueryAt, sampleSuggest } from "./sample-tags";
import { TagAssist, type TagAssistProps } from "./tag-assist";

type Args = Pick<TagAssistProps, "suggest" | "queryAt" | "onValueChange"> & { value: string };

/** A text box with the assist over it, as IdeaComposer holds them; the text is the story's. */
function Box({ value: first, onValueChange, ...args }: Args) {
  const [value, setValue] = React.useState(first);
  const ref = React.useRef<HTMLTextAreaElement>(null);
  const change = (next: string) => {
    setValue(next);
    onValueChange(next);
  };
  return (
    <div className="relative w-[min(560px,calc(100vw-2rem))]">
      <Textarea ref={ref} aria-label="记录一个想法" value={value} onChange={(e) => change(e.target.value)} />
      <TagAssist {...args} textarea={ref} value={value} marks={sampleMarks(value)} onValueChange={change} />
    </div>
  );
}

const meta = {
  title: "组件/TagAssist 标签提示",
  component: TagAssist,
  // the text box and the marks are the story's own (Box): these two only satisfy the props
  args: {
    value: "",
    textarea: { current: null },
    marks: [],
    queryAt: sampleQueryAt,
    suggest: sampleSuggest,
    onValueChange: fn(),
  },
  render: (args) => <Box {...args} />,
  parameters: { layout: "padded" },
} satisfies Meta<typeof TagAssist>;

export default meta;
type Story = StoryObj<typeof meta>;

const box = (canvas: ReturnType<typeof within>) =>
  canvas.getByRole("textbox", { name: "记录一个想法" }) as HTMLTextAreaElement;
/** Puts the caret at the end of the text, as after typing it. */
const caretAtEnd = (el: HTMLTextAreaElement) => {
  el.focus();
  el.setSelectionRange(el.value.length, el.value.length);
  el.dispatchEvent(new Event("select"));
};
/** Room under the box for the list, which floats over what follows it (in a screenshot too). */
const roomBelow: NonNullable<Story["decorators"]> = [
  (Story) => (
    <div className="pb-72">
      <Story />
    </div>
  ),
];
const list = (canvasElement: HTMLElement) =>
  within(canvasElement).queryByRole("listbox", { name: "标签建议" });
const markedTexts = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll("[data-slot=tag-assist-marks] mark")].map((m) => m.textContent);

const text = "新买的鞋，跑起来像小火车。#跑步 周末去看展（#摄影）#灵感/城市";

/** The recognised tags marked as typed; none listed while the caret is not in one. */
export const Marked: Story = { args: { value: text } };

/** `#` typed after Chinese punctuation: the person's tags, most used first. */
export const Suggesting: Story = {
  decorators: roomBelow,
  args: { value: "今天读完了一本。#" },
  play: async ({ canvas, canvasElement }) => {
    caretAtEnd(box(canvas));
    await waitFor(() => expect(list(canvasElement)).toBeVisible());
  },
};

/** `#yd` while typing pinyin: 阅读 and 运动, found by their initials. */
export const SuggestingByPinyinOnPhoneDark: Story = {
  decorators: roomBelow,
  args: { value: "晚上。#yd" },
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
  play: Suggesting.play,
};

export const WhenHashIsTypedAfterChinesePunctuationShouldListMyTagsMostUsedFirst: Story = {
  decorators: roomBelow,
  name: "在中文标点后输入 #，应按使用次数列出我的标签",
  tags: ["!autodocs"],
  args: { value: "今天读完了一本" },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const el = box(canvas);
    caretAtEnd(el);
    await expect(list(canvasElement)).toBeNull();
    await userEvent.type(el, "。#");
    const options = within(list(canvasElement)!).getAllByRole("option");
    await expect(options.map((o) => o.textContent)).toEqual([
      "#读书42 条",
      "#阅读/小说17 条",
      "#运动9 条",
      "#跑步8 条",
      "#工作/周报5 条",
      "#灵感3 条",
    ]);
    await expect(options[0]).toHaveAttribute("aria-selected", "true");
    await expect(el).toHaveAttribute("aria-activedescendant", options[0]!.id);
  },
};

export const WhenPinyinInitialsAreTypedShouldFindTheChineseTag: Story = {
  decorators: roomBelow,
  name: "输入拼音首字母时，应找到对应的中文标签",
  tags: ["!autodocs"],
  args: { value: "晚上散步 " },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const el = box(canvas);
    caretAtEnd(el);
    await userEvent.type(el, "#yd");
    const names = within(list(canvasElement)!)
      .getAllByRole("option")
      .map((o) => o.textContent);
    await expect(names).toEqual(["#阅读/小说17 条", "#运动9 条"]);
    await userEvent.type(el, "o");
    await expect(list(canvasElement)).toBeNull();
  },
};

export const WhenArrowDownAndEnterArePressedShouldPickTheTagAndTypeOnAfterIt: Story = {
  name: "按 ↓ 再按 Enter，应填入标签，光标停在其后可继续输入",
  tags: ["!autodocs"],
  args: { value: "好书。#yue后面的字" },
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    const el = box(canvas);
    el.focus();
    el.setSelectionRange(7, 7);
    el.dispatchEvent(new Event("select"));
    await waitFor(() => expect(list(canvasElement)).toBeVisible());
    await userEvent.keyboard("{ArrowDown}{ArrowUp}{Enter}");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("好书。#阅读/小说 后面的字");
    await expect(list(canvasElement)).toBeNull();
    await userEvent.keyboard("真好看");
    await expect(el).toHaveValue("好书。#阅读/小说 真好看后面的字");
    await expect(markedTexts(canvasElement)).toEqual(["#阅读/小说"]);
  },
};

export const WhenASuggestionIsTappedShouldPickIt: Story = {
  name: "点按一个建议，应填入该标签",
  tags: ["!autodocs"],
  args: { value: "跑了五公里，#" },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const el = box(canvas);
    caretAtEnd(el);
    await waitFor(() => expect(list(canvasElement)).toBeVisible());
    await userEvent.click(within(list(canvasElement)!).getByRole("option", { name: /跑步/ }));
    await expect(el).toHaveValue("跑了五公里，#跑步 ");
    await expect(el).toHaveFocus();
  },
};

export const WhenEscapeIsPressedShouldCloseUntilANewHashIsTyped: Story = {
  name: "按 Esc 应关闭建议，输入新的 # 时再打开",
  tags: ["!autodocs"],
  args: { value: "#" },
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    const el = box(canvas);
    caretAtEnd(el);
    await waitFor(() => expect(list(canvasElement)).toBeVisible());
    await userEvent.keyboard("{Escape}");
    await expect(list(canvasElement)).toBeNull();
    await userEvent.keyboard("{Enter}");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("#\n");
    await userEvent.type(el, "#");
    await expect(list(canvasElement)).toBeVisible();
  },
};

export const WhenEnterEndsAnImeCompositionShouldNotPick: Story = {
  name: "输入法选字时按 Enter，不应填入标签",
  tags: ["!autodocs"],
  args: { value: "好。#" },
  play: async ({ canvas, canvasElement }) => {
    const el = box(canvas);
    caretAtEnd(el);
    await waitFor(() => expect(list(canvasElement)).toBeVisible());
    el.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", isComposing: true, bubbles: true }));
    await expect(el).toHaveValue("好。#");
    await expect(list(canvasElement)).toBeVisible();
  },
};

/** 读书 typed whole where 读书会 is listed first: Enter is the person's own (a new line), no pick. */
const wholeTag = (query: string) =>
  [
    { name: "读书会", count: 50 },
    { name: "读书", count: 42 },
  ].filter((t) => t.name.includes(query));

export const WhenEnterFollowsATagTypedWholeShouldNotPickAnother: Story = {
  name: "输入了完整的已有标签后按 Enter，不应换成别的建议",
  tags: ["!autodocs"],
  args: { value: "好书。#读书", suggest: wholeTag },
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    const el = box(canvas);
    caretAtEnd(el);
    await waitFor(() => expect(list(canvasElement)).toBeVisible());
    await userEvent.keyboard("{Enter}");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("好书。#读书\n");
    // a tag not typed whole still picks the first suggestion
    await userEvent.keyboard("{Control>}a{/Control}");
    await userEvent.keyboard("好书。#读");
    await waitFor(() => expect(list(canvasElement)).toBeVisible());
    await userEvent.keyboard("{Enter}");
    await expect(el).toHaveValue("好书。#读书会 ");
  },
};

/** 读书 typed whole, listed 7th after six 读书会…: not shown, still the person's own Enter. */
const manyLonger = (query: string) =>
  [
    ...Array.from({ length: 6 }, (_, i) => ({ name: `读书会${i + 1}`, count: 60 - i })),
    { name: "读书", count: 1 },
  ].filter((t) => t.name.includes(query));

export const WhenEnterFollowsATagTypedWholeBeyondTheShownSixShouldNotPick: Story = {
  name: "完整的已有标签排在前 6 条建议之外时，按 Enter 也不应换成别的建议，且不说 Enter 填入",
  tags: ["!autodocs"],
  args: { value: "好书。#读书", suggest: manyLonger },
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    const el = box(canvas);
    const status = canvasElement.querySelector("[data-slot=tag-assist-count]")!;
    caretAtEnd(el);
    await waitFor(() => expect(status).toHaveTextContent("6 个标签建议，按 ↑↓ 选择，Tab 填入"));
    await userEvent.keyboard("{Enter}");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("好书。#读书\n");
  },
};

export const WhenSuggestionsOpenShouldSayHowManyPolitely: Story = {
  name: "建议出现时，应在礼貌的实时区域说出有几条",
  tags: ["!autodocs"],
  args: { value: "跑了五公里，#" },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const el = box(canvas);
    const status = canvasElement.querySelector("[data-slot=tag-assist-count]")!;
    await expect(status).toHaveAttribute("aria-live", "polite");
    await expect(status).toHaveTextContent("");
    caretAtEnd(el);
    await waitFor(() => expect(status).toHaveTextContent("6 个标签建议，按 ↑↓ 选择，Enter 填入"));
    await userEvent.type(el, "yd");
    await waitFor(() => expect(status).toHaveTextContent("2 个标签建议"));
    await userEvent.keyboard("{Escape}");
    await expect(status).toHaveTextContent("");
  },
};

export const WhileAnImeComposesShouldNotPickEvenWhenItsKeysDoNotSaySo: Story = {
  name: "输入法组字期间（compositionstart 到 compositionend），按 Enter 不应填入标签",
  tags: ["!autodocs"],
  args: { value: "好。#" },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const el = box(canvas);
    caretAtEnd(el);
    await waitFor(() => expect(list(canvasElement)).toBeVisible());
    el.dispatchEvent(new CompositionEvent("compositionstart", { bubbles: true }));
    // the Enter that picks a candidate, from a browser that does not mark it as composing
    el.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    await expect(el).toHaveValue("好。#");
    el.dispatchEvent(new CompositionEvent("compositionend", { bubbles: true }));
    await new Promise((done) => setTimeout(done, 10));
    await userEvent.keyboard("{Enter}");
    await expect(el).toHaveValue("好。#读书 ");
  },
};

export const AMarkShouldSitOnItsWordsAndFollowTheBoxWhenItScrolls: Story = {
  name: "标记应落在标签文字上，文字框滚动时随之移动",
  tags: ["!autodocs"],
  args: { value: `第一行\n第二行\n第三行有标签。#读书${"\n更多".repeat(20)}` },
  play: async ({ canvas, canvasElement }) => {
    const el = box(canvas);
    const mark = canvasElement.querySelector("[data-slot=tag-assist-marks] mark")!;
    const style = getComputedStyle(el);
    const line = Number.parseFloat(style.lineHeight);
    const firstLine =
      el.getBoundingClientRect().top +
      Number.parseFloat(style.borderTopWidth) +
      Number.parseFloat(style.paddingTop);
    await expect(Math.round((mark.getBoundingClientRect().top - firstLine) / line)).toBe(2);
    el.scrollTop = line * 2;
    el.dispatchEvent(new Event("scroll"));
    await waitFor(() => expect(Math.round((mark.getBoundingClientRect().top - firstLine) / line)).toBe(0));
  },
};
