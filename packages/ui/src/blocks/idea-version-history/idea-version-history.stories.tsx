import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import type { IdeaVersion } from "./idea-version-card";
import { IdeaVersionHistory } from "./idea-version-history";

const now = new Date("2026-06-15T06:30:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

const versions: IdeaVersion[] = [
  {
    id: "v3",
    model: "deepseek-chat",
    createdAt: minutesAgo(3),
    points: 1,
    title: "周末山间徒步与摄影计划",
    content:
      "周六去山里徒步，顺便拍一组秋天的照片。需要准备：三脚架、备用电池、轻便雨衣。出发前查好天气和日落时间，争取拍到逆光的芦苇。",
    tags: ["周末", "摄影", "户外"],
  },
  {
    id: "v2",
    model: "deepseek-chat",
    createdAt: minutesAgo(2 * 60),
    points: 1,
    title: "周末去山里拍照",
    content: "周末想去山里走走，顺便拍点照片，记得带三脚架。",
    tags: ["周末", "摄影"],
  },
  {
    id: "v1",
    model: "qwen-plus",
    createdAt: minutesAgo(26 * 60),
    points: 2,
    title: "山里走走",
    content: "周末想去山里走走 顺便拍点照片 记得带三脚架",
    tags: [],
  },
];

const meta = {
  title: "组件/IdeaVersionHistory AI 整理记录",
  component: IdeaVersionHistory,
  args: {
    versions,
    currentVersionId: "v2",
    now,
    tidyCostLabel: "消耗 1 点",
    onApply: fn(),
    onTidy: fn(),
  },
  decorators: [
    (Story) => (
      <div className="w-[min(560px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof IdeaVersionHistory>;

export default meta;
type Story = StoryObj<typeof meta>;

const versionCard = (canvasElement: HTMLElement, title: string) =>
  within(within(canvasElement).getByRole("article", { name: title }));

export const Default: Story = {};
export const OwnText: Story = { args: { currentVersionId: null } };
export const Empty: Story = { args: { versions: [], currentVersionId: null } };
export const Tidying: Story = { args: { tidying: true } };
export const Offline: Story = {
  args: { disabled: true, hint: "本地模式下无法 AI 整理", tidyCostLabel: undefined },
};

export const WhenApplyIsClickedShouldCallOnApplyWithThatVersion: Story = {
  name: "点击采用此版本时，应以该版本 id 调用 onApply",
  tags: ["!autodocs"],
  play: async ({ canvasElement, userEvent, args }) => {
    await userEvent.click(versionCard(canvasElement, "山里走走").getByRole("button", { name: "采用此版本" }));
    await expect(args.onApply).toHaveBeenCalledTimes(1);
    await expect(args.onApply).toHaveBeenCalledWith("v1");
    await expect(args.onTidy).not.toHaveBeenCalled();
  },
};

export const TheCurrentVersionShouldBeMarkedWithoutApply: Story = {
  name: "当前版本应标为“当前版本”，且没有采用按钮",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement }) => {
    const current = versionCard(canvasElement, "周末去山里拍照");
    await expect(current.getByText("当前版本")).toBeVisible();
    await expect(current.queryByRole("button", { name: "采用此版本" })).toBeNull();
    await expect(canvas.getAllByText("当前版本")).toHaveLength(1);
    await expect(canvas.getAllByRole("button", { name: "采用此版本" })).toHaveLength(2);
    await expect(canvas.getByRole("article", { name: "周末山间徒步与摄影计划" })).toHaveTextContent(
      "deepseek-chat · 3分钟前 · 1 点",
    );
  },
};

export const WhenTidyIsClickedShouldCallOnTidy: Story = {
  name: "点击 AI 整理时，应调用 onTidy",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const tidy = canvas.getByRole("button", { name: "AI 整理" });
    await expect(tidy).toHaveAccessibleDescription("消耗 1 点");
    await userEvent.click(tidy);
    await expect(args.onTidy).toHaveBeenCalledTimes(1);
  },
};

export const WhileTidyingTheButtonShouldBeBusyAndDisabled: Story = {
  name: "整理中时，按钮应显示“整理中…”并禁用",
  tags: ["!autodocs"],
  args: { tidying: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.queryByRole("button", { name: "AI 整理" })).toBeNull();
    const busy = canvas.getByRole("button", { name: "整理中…" });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute("aria-busy", "true");
    busy.click();
    await expect(args.onTidy).not.toHaveBeenCalled();
  },
};

export const WhenOfflineTheButtonShouldBeDisabledWithTheReason: Story = {
  name: "本地模式下，AI 整理按钮应禁用并说明原因",
  tags: ["!autodocs"],
  args: { disabled: true, hint: "本地模式下无法 AI 整理", tidyCostLabel: undefined },
  play: async ({ canvas, args }) => {
    const tidy = canvas.getByRole("button", { name: "AI 整理" });
    await expect(tidy).toBeDisabled();
    await expect(tidy).toHaveAccessibleDescription("本地模式下无法 AI 整理");
    tidy.click();
    await expect(args.onTidy).not.toHaveBeenCalled();
  },
};

export const WhenThereAreNoVersionsShouldShowTheEmptyText: Story = {
  name: "没有整理记录时，应显示空状态并仍可整理",
  tags: ["!autodocs"],
  args: { versions: [], currentVersionId: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("还没有 AI 整理记录")).toBeVisible();
    await expect(canvas.queryByRole("article")).toBeNull();
    await expect(canvas.getByRole("button", { name: "AI 整理" })).toBeEnabled();
  },
};
