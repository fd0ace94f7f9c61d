import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, waitFor, within } from "storybook/test";
import { Button } from "../../primitives/button";
import { ItemReader } from "./item-reader";

const toggles = (
  <>
    <Button size="sm" variant="secondary" aria-pressed={false}>
      置顶
    </Button>
    <Button size="sm" variant="secondary" aria-pressed={false}>
      不让AI读取
    </Button>
    <Button size="sm" variant="secondary" aria-pressed={false}>
      不再回顾
    </Button>
  </>
);

const meta = {
  title: "组件/ItemReader 阅读视图",
  component: ItemReader,
  parameters: { layout: "fullscreen" },
  args: {
    noun: "想法",
    title: "",
    date: "2026-11-22 13:05",
    dateTime: "2026-11-22T05:05:00.000Z",
    tags: ["跑步", "读书/小说"],
    source:
      "今天跑了 **5 公里**，配速比上周快。\n\n- 拉伸十分钟\n- 补水\n\n记录在 [跑步日志](https://example.com/log)。",
    toggles,
    onBack: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onTagClick: fn(),
    onRestoreOriginal: fn(),
    onViewOriginal: fn(),
    onShare: fn(),
  },
  decorators: [
    (Story) => (
      <div className="mx-auto max-w-3xl bg-background">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ItemReader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idea: Story = {};
export const TidiedIdea: Story = {
  args: {
    title: "周末跑步记录",
    tidied: true,
    source: "今天跑了 5 公里，配速比上周快。拉伸十分钟，记得补水。",
  },
};
export const Note: Story = {
  args: {
    noun: "笔记",
    title: "跑步训练计划",
    source: "## 第一周\n\n每天慢跑 3 公里。\n\n## 第二周\n\n1. 每天慢跑 5 公里\n2. 周末长跑 10 公里",
    onViewOriginal: undefined,
    onRestoreOriginal: undefined,
  },
};
export const Empty: Story = { args: { source: "", tags: [] } };
export const Offline: Story = { args: { readOnly: true } };
export const Phone: Story = { ...TidiedIdea, globals: { viewport: { value: "phone", isRotated: false } } };
export const Dark: Story = { ...TidiedIdea, globals: { theme: "dark" } };

export const WhenTheTextIsTappedShouldOpenTheEditorButNotForALink: Story = {
  name: "点正文时应打开编辑，点正文里的链接时不应",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const link = canvas.getByRole("link", { name: "跑步日志" });
    link.addEventListener("click", (event) => event.preventDefault());
    await userEvent.click(link);
    await expect(args.onEdit).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByText("补水"));
    await expect(args.onEdit).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole("button", { name: "编辑" }));
    await expect(args.onEdit).toHaveBeenCalledTimes(2);
    await userEvent.click(canvas.getByRole("button", { name: "返回" }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};

export const WhenDeleteIsChosenInTheMenuShouldCallIt: Story = {
  name: "删除在菜单里，选中时应调用删除",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    // 删除 is not on the page's line of buttons
    await expect(canvas.queryByRole("button", { name: "删除" })).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "更多操作" }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole("menu");
    await userEvent.click(within(menu).getByRole("menuitem", { name: "删除" }));
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole("menu")).toBeNull());
  },
};

export const WhenTidiedShouldOfferToRestoreTheOriginal: Story = {
  name: "AI 整理过时应标出并提供恢复原文",
  tags: ["!autodocs"],
  args: TidiedIdea.args,
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText("已整理")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "恢复原文" }));
    await expect(args.onRestoreOriginal).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole("button", { name: "跑步" }));
    await expect(args.onTagClick).toHaveBeenCalledWith("跑步");
  },
};

export const WhenShareIsChosenInTheMenuShouldCallIt: Story = {
  name: "在菜单里选分享卡片时应调用 onShare",
  tags: ["!autodocs"],
  parameters: { layout: "fullscreen" },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "更多操作" }));
    const menu = within(document.body);
    await userEvent.click(await menu.findByRole("menuitem", { name: "分享卡片" }));
    await waitFor(() => expect(args.onShare).toHaveBeenCalledOnce());
  },
};

export const WhenHistoryIsChosenInANotesMenuShouldCallIt: Story = {
  name: "笔记的菜单里选历史版本时应调用 onViewHistory",
  tags: ["!autodocs"],
  args: { ...Note.args, onViewHistory: fn() },
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "更多操作" }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole("menu");
    await expect(within(menu).queryByRole("menuitem", { name: "查看原始想法" })).toBeNull();
    await userEvent.click(within(menu).getByRole("menuitem", { name: "历史版本" }));
    await expect(args.onViewHistory).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole("menu")).toBeNull());
  },
};

export const OnAPhoneTagsShouldBe44PixelsTallPlainButtons: Story = {
  name: "手机上标签应至少 44px 高，是普通按钮（不带 aria-pressed）",
  tags: ["!autodocs"],
  globals: { viewport: { value: "phone", isRotated: false } },
  play: async ({ canvas, args, userEvent }) => {
    const tag = canvas.getByRole("button", { name: "跑步" });
    await expect(tag).not.toHaveAttribute("aria-pressed");
    await expect(tag.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await userEvent.click(tag);
    await expect(args.onTagClick).toHaveBeenCalledWith("跑步");
  },
};
