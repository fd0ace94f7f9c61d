import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, spyOn } from "storybook/test";
import { Textarea } from "./textarea";

const longValue = [
  "读《人类简史》的几点想法：",
  "1. 认知革命让人类能够讲故事；",
  "2. 农业革命不一定让个体更幸福；",
  "3. 货币是最普遍的信任系统；",
  "4. 帝国是文化融合的熔炉；",
  "5. 科学革命始于承认无知。",
].join("\n");

/** The calls a spied function got. */
const vi = (spied: unknown) => (spied as { mock: { calls: unknown[][] } }).mock.calls;

const meta = {
  title: "组件/Textarea 多行输入框",
  component: Textarea,
  args: {
    "aria-label": "想法内容",
    placeholder: "记录此刻的想法…",
    className: "w-[min(20rem,calc(100vw-2rem))]",
    onChange: fn(),
    onSubmitShortcut: fn(),
  },
  argTypes: {
    minRows: { control: { type: "number", min: 1 }, table: { defaultValue: { summary: "3" } } },
    maxRows: { control: { type: "number", min: 1 }, table: { defaultValue: { summary: "12" } } },
    invalid: { control: "boolean" },
  },
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithValue: Story = { args: { defaultValue: "周末去爬山，顺便拍一组秋天的照片。" } };
export const LongValue: Story = { args: { defaultValue: longValue } };
export const Disabled: Story = { args: { disabled: true, defaultValue: "已归档的想法不能编辑。" } };
export const Invalid: Story = { args: { invalid: true, defaultValue: "" } };

// Measuring reads the page's layout; empty, `rows` already gives the height (opening 首页 is faster).
export const WhenEmptyShouldTakeItsRowsWithoutMeasuring: Story = {
  name: "空着时应按最少行数显示而不读取版面",
  tags: ["!autodocs"],
  beforeEach: () => {
    spyOn(window, "getComputedStyle");
  },
  play: async ({ canvasElement, canvas, userEvent }) => {
    const textarea = canvasElement.querySelector("textarea");
    const measured = () => vi(window.getComputedStyle).filter(([el]) => el === textarea).length;
    await expect(measured()).toBe(0);
    await expect(textarea?.style.height).toBe("");
    const empty = textarea?.getBoundingClientRect().height;
    await userEvent.type(
      canvas.getByRole("textbox", { name: "想法内容" }),
      "第一行{Enter}第二行{Enter}第三行{Enter}第四行",
    );
    await expect(textarea?.getBoundingClientRect().height).toBeGreaterThan(empty ?? 0);
    await userEvent.clear(canvas.getByRole("textbox", { name: "想法内容" }));
    await expect(textarea?.getBoundingClientRect().height).toBe(empty);
  },
};

export const WhenCtrlEnterIsPressedShouldSubmitTheText: Story = {
  name: "按 Ctrl+Enter 时应提交内容",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const textarea = canvas.getByRole("textbox", { name: "想法内容" });
    await userEvent.type(textarea, "明天整理书架");
    await userEvent.keyboard("{Control>}{Enter}{/Control}");
    await expect(args.onSubmitShortcut).toHaveBeenCalledTimes(1);
    await expect(args.onSubmitShortcut).toHaveBeenCalledWith("明天整理书架");
    await expect(textarea).toHaveValue("明天整理书架");
  },
};

export const WhenMetaEnterIsPressedShouldSubmitTheText: Story = {
  name: "按 ⌘+Enter 时应提交内容",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const textarea = canvas.getByRole("textbox", { name: "想法内容" });
    await userEvent.type(textarea, "给妈妈打电话");
    await userEvent.keyboard("{Meta>}{Enter}{/Meta}");
    await expect(args.onSubmitShortcut).toHaveBeenCalledTimes(1);
    await expect(args.onSubmitShortcut).toHaveBeenCalledWith("给妈妈打电话");
  },
};

export const WhenCtrlEnterIsPressedDuringImeCompositionShouldNotSubmit: Story = {
  name: "输入法组字时按 Ctrl+Enter 不应提交",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const textarea = canvas.getByRole("textbox", { name: "想法内容" });
    await userEvent.type(textarea, "xiang");
    textarea.dispatchEvent(new CompositionEvent("compositionstart", { bubbles: true }));
    textarea.dispatchEvent(
      new KeyboardEvent("keydown", { key: "Enter", ctrlKey: true, isComposing: true, bubbles: true }),
    );
    await expect(args.onSubmitShortcut).not.toHaveBeenCalled();
    textarea.dispatchEvent(new CompositionEvent("compositionend", { bubbles: true }));
    textarea.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", ctrlKey: true, bubbles: true }));
    await expect(args.onSubmitShortcut).toHaveBeenCalledTimes(1);
    await expect(args.onSubmitShortcut).toHaveBeenCalledWith("xiang");
  },
};

export const WhenEnterIsPressedShouldInsertANewlineWithoutSubmitting: Story = {
  name: "只按 Enter 时应换行而不提交",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const textarea = canvas.getByRole("textbox", { name: "想法内容" });
    await userEvent.type(textarea, "第一行{Enter}第二行");
    await expect(textarea).toHaveValue("第一行\n第二行");
    await expect(args.onSubmitShortcut).not.toHaveBeenCalled();
  },
};

export const WhenSeveralLinesAreTypedShouldGrowTaller: Story = {
  name: "输入多行文字时应自动变高",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent }) => {
    const textarea = canvas.getByRole("textbox", { name: "想法内容" });
    const before = textarea.getBoundingClientRect().height;
    await userEvent.type(textarea, "一{Enter}二{Enter}三{Enter}四{Enter}五{Enter}六");
    await expect(textarea.getBoundingClientRect().height).toBeGreaterThan(before + 40);
  },
};

export const WhenLongerThanMaxRowsShouldStopGrowingAndScroll: Story = {
  name: "超过最大行数时应停止变高并滚动",
  tags: ["!autodocs"],
  args: { minRows: 2, maxRows: 4 },
  play: async ({ canvas, userEvent }) => {
    const textarea = canvas.getByRole("textbox", { name: "想法内容" });
    await userEvent.type(textarea, "一{Enter}二{Enter}三{Enter}四");
    const atMax = textarea.getBoundingClientRect().height;
    await userEvent.type(textarea, "{Enter}五{Enter}六{Enter}七");
    await expect(textarea.getBoundingClientRect().height).toBe(atMax);
    await expect(textarea.style.overflowY).toBe("auto");
  },
};
