import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { TagCleanup } from "./tag-cleanup";

const meta = {
  title: "组件/TagCleanup 标签整理",
  component: TagCleanup,
  args: {
    groups: [
      {
        tags: [
          { name: "读书", count: 23 },
          { name: "讀書", count: 4 },
          { name: "读书。", count: 1 },
        ],
      },
      {
        tags: [
          { name: "read", count: 5 },
          { name: "Ｒｅａｄ", count: 2 },
        ],
      },
    ],
    singletons: ["摄影/胶片", "周末市集", "一个很长很长的标签名称用来看换行"],
    onMerge: fn(async () => undefined),
    onRename: fn(),
  },
  decorators: [
    (Story) => (
      <div className="w-[min(720px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TagCleanup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Dark: Story = { globals: { theme: "dark" } };
export const Phone: Story = { globals: { viewport: { value: "phone", isRotated: false } } };
export const PhoneDark: Story = {
  globals: { theme: "dark", viewport: { value: "phone", isRotated: false } },
};
export const Empty: Story = { args: { groups: [], singletons: [] } };
export const OnlySingletons: Story = { args: { groups: [] } };

const bodyOf = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const WhenMergeIsConfirmedShouldMergeTheOthersIntoTheChosenTag: Story = {
  name: "确认合并时，应把其余标签合并到选中的那个",
  tags: ["!autodocs"],
  play: async ({ canvasElement, userEvent, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: /讀書/ }));
    await userEvent.click(canvas.getByRole("button", { name: "合并到 讀書" }));
    const dialog = within(bodyOf(canvasElement).getByRole("alertdialog"));
    await expect(dialog.getByText("把「读书」「读书。」合并到「讀書」？")).toBeVisible();
    await expect(args.onMerge).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole("button", { name: "合并" }));
    await expect(args.onMerge).toHaveBeenCalledWith("讀書", ["读书", "读书。"]);
  },
};

export const WhenMergeIsCancelledShouldChangeNothing: Story = {
  name: "取消合并时，应什么都不改",
  tags: ["!autodocs"],
  play: async ({ canvasElement, userEvent, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "合并到 read" }));
    const dialog = within(bodyOf(canvasElement).getByRole("alertdialog"));
    await expect(dialog.getByText("把「Ｒｅａｄ」合并到「read」？")).toBeVisible();
    await userEvent.click(dialog.getByRole("button", { name: "取消" }));
    await expect(args.onMerge).not.toHaveBeenCalled();
  },
};

export const WhenRenameIsClickedShouldStartRenamingThatTag: Story = {
  name: "点重命名时，应开始给那个标签改名",
  tags: ["!autodocs"],
  play: async ({ canvasElement, userEvent, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "重命名 周末市集" }));
    await expect(args.onRename).toHaveBeenCalledWith("周末市集");
  },
};

export const WhenNothingNeedsTidyingShouldSaySo: Story = {
  name: "没有需要整理的标签时，应说标签很整齐",
  tags: ["!autodocs"],
  args: { groups: [], singletons: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("标签很整齐，没有需要整理的")).toBeVisible();
  },
};
