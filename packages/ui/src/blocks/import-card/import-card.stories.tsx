import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { ImportCard } from "./import-card";
import type { ImportCardStatus } from "./import-status";

const phone = { viewport: { value: "phone", isRotated: false } };

const refusals = [
  { item: "「旅行计划.md」第 3 行", message: "front matter 不是有效的 YAML，这个文件没有导入" },
  { item: "第 128 条 memo", message: "内容为空" },
  { item: "「读书笔记/三体.md」", message: "超过 200,000 个字符" },
  { item: "第 311 条 memo", message: "时间「2023-13-40 25:61:00」无法识别" },
  { item: "「草稿.md」第 1 行", message: "文件不是 UTF-8 编码" },
  { item: "第 902 条 memo", message: "内容为空" },
  // the server lists the first 100 of them
  ...Array.from({ length: 94 }, (_, i) => ({
    item: `「图片 ${i + 1}.jpg」`,
    message: "图片暂不能导入，已跳过",
  })),
];

const statuses = {
  idle: { phase: "idle" },
  uploading: { phase: "uploading", fileName: "flomo@小林-20261120.zip" },
  refused: { phase: "refused", error: "文件超过 200 MB，无法导入" },
  previewed: {
    phase: "previewed",
    fileName: "拾念导出_20261122_143005.zip",
    kindLabel: "拾念导出文件",
    preview: {
      ideas: 1284,
      notes: 36,
      conversations: 12,
      duplicates: 3,
      from: "2023-01-05",
      to: "2026-11-22",
    },
    offersProfile: true,
  },
  previewedEmptyFlomo: {
    phase: "previewed",
    fileName: "flomo@小林-20261120.zip",
    kindLabel: "flomo 导出",
    preview: { ideas: 0, notes: 0, conversations: 0, duplicates: 0, from: null, to: null },
    offersProfile: false,
  },
  running: { phase: "running", kindLabel: "flomo 导出", done: 2718, total: 4096 },
  done: {
    phase: "done",
    imported: { ideas: 1281, notes: 36, conversations: 12 },
    skipped: 3,
    refused: [],
    refusedCount: 0,
  },
  doneWithRefusals: {
    phase: "done",
    imported: { ideas: 4090, notes: 0, conversations: 0 },
    skipped: 0,
    refused: refusals,
    refusedCount: 750,
  },
  failed: { phase: "failed", error: "「memos_prod.db」第 52 条记录无法读取：数据库文件已损坏" },
  cancelled: { phase: "cancelled" },
} satisfies Record<string, ImportCardStatus>;

const meta = {
  title: "组件/ImportCard 导入数据",
  component: ImportCard,
  tags: ["!autodocs"],
  // as wide as 个人资料's side column at 1440 px, and the screen's width less its margins on a phone
  decorators: [
    (Story) => (
      <div className="w-[min(376px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
  args: {
    status: statuses.idle,
    onChooseFile: fn(),
    onChooseFolder: fn(),
    onStart: fn(),
    onCancel: fn(),
    onReset: fn(),
  },
} satisfies Meta<typeof ImportCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};
export const Uploading: Story = { args: { status: statuses.uploading } };
export const Refused: Story = { args: { status: statuses.refused } };
export const Previewed: Story = { args: { status: statuses.previewed } };
export const Running: Story = { args: { status: statuses.running } };
export const Queued: Story = { args: { status: { ...statuses.running, done: 0, queued: true } } };
export const Cancelling: Story = { args: { status: { ...statuses.running, cancelling: true } } };
export const Done: Story = { args: { status: statuses.done } };
export const DoneWithRefusals: Story = { args: { status: statuses.doneWithRefusals } };
export const Failed: Story = { args: { status: statuses.failed } };
export const Cancelled: Story = { args: { status: statuses.cancelled } };

export const IdlePhone: Story = { ...Idle, globals: phone };
// the narrowest phone (320 px), where the counts and the file's name must wrap cleanly
export const PreviewedPhone: Story = {
  ...Previewed,
  globals: { viewport: { value: "phoneSmall", isRotated: false } },
};
export const RunningPhone: Story = { ...Running, globals: phone };
export const DoneWithRefusalsPhoneDark: Story = {
  ...DoneWithRefusals,
  globals: { ...phone, theme: "dark" },
};
export const PreviewedDark: Story = { ...Previewed, globals: { theme: "dark" } };

const hidden = { tags: ["!autodocs"] };

export const WhenAFileIsChosenShouldCallOnChooseFile: Story = {
  ...hidden,
  name: "选择文件后，应调用 onChooseFile",
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByLabelText("选择要导入的文件");
    // every name the server reads is offered; it tells the kind from the contents
    const offered = input.getAttribute("accept")?.split(",") ?? [];
    for (const ext of [".zip", ".db", ".sqlite", ".sqlite3", ".md", ".markdown", ".txt"]) {
      await expect(offered).toContain(ext);
    }
    const file = new File(["<div class='memo'></div>"], "flomo.zip", { type: "application/zip" });
    await userEvent.upload(input, file);
    await expect(args.onChooseFile).toHaveBeenCalledWith(file);
    const notes = [new File(["# 一"], "一.md"), new File(["# 二"], "二.md")];
    await userEvent.upload(canvas.getByLabelText("选择 Markdown 文件夹"), notes);
    await expect(args.onChooseFolder).toHaveBeenCalledWith(notes);
  },
};

export const WhenStartIsClickedShouldCallOnStartWithTheProfileChoice: Story = {
  ...Previewed,
  ...hidden,
  name: "勾选「同时导入昵称和自我介绍」再点「开始导入」，应调用 onStart({ takeProfile: true })",
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText("对话 12 个").closest("dd")).toHaveTextContent(
      "想法 1284 条 · 笔记 36 条 · 对话 12 个",
    );
    await expect(canvas.getByText("2023-01-05 至 2026-11-22")).toBeVisible();
    await expect(canvas.getByText("3 条重复将跳过")).toBeVisible();
    await userEvent.click(canvas.getByRole("checkbox", { name: "同时导入昵称和自我介绍" }));
    await userEvent.click(canvas.getByRole("button", { name: "开始导入" }));
    await expect(args.onStart).toHaveBeenCalledWith({ takeProfile: true });
    await userEvent.click(canvas.getByRole("button", { name: "取消" }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

export const WhenTheFileHoldsNothingShouldNotOfferToStart: Story = {
  ...hidden,
  args: { status: statuses.previewedEmptyFlomo },
  name: "文件里没有内容时，「开始导入」不可用，flomo 导出也不提供导入昵称",
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "开始导入" })).toBeDisabled();
    await expect(canvas.queryByRole("checkbox")).not.toBeInTheDocument();
    await expect(canvas.queryByText("时间范围")).not.toBeInTheDocument();
    await expect(canvas.getByText("没有重复的内容")).toBeVisible();
  },
};

export const WhenRunningTheBarShouldFollowDoneOfTotal: Story = {
  ...Running,
  ...hidden,
  name: "导入中，进度条按已处理 / 总数前进，「取消导入」应调用 onCancel",
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole("progressbar", { name: "导入进度" })).toHaveAttribute(
      "aria-valuenow",
      "66",
    );
    await expect(canvas.getByText(/已处理 2718 \/ 4096 条/)).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "取消导入" }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

export const WhenRefusalsAreManyTheyShouldStartFolded: Story = {
  ...DoneWithRefusals,
  ...hidden,
  name: "未能导入的条目较多时先折叠，点开后逐条显示原因",
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole("status")).toHaveTextContent(
      "已导入 4090 条，0 条重复已跳过，750 条未能导入",
    );
    await expect(canvas.getByText("第 128 条 memo")).not.toBeVisible();
    await userEvent.click(canvas.getByText("未能导入的 750 条（列出前 100 条）"));
    await expect(canvas.getByText("第 128 条 memo")).toBeVisible();
  },
};

export const WhenEndedImportOtherShouldCallOnReset: Story = {
  ...Cancelled,
  ...hidden,
  name: "取消后点「导入其他文件」，应调用 onReset",
  play: async ({ canvas, userEvent, args }) => {
    const card = canvas.getByRole("region", { name: "导入数据" });
    await expect(card).toHaveAttribute("data-state", "cancelled");
    await expect(canvas.getByText("已取消导入")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "导入其他文件" }));
    await expect(args.onReset).toHaveBeenCalledTimes(1);
  },
};
