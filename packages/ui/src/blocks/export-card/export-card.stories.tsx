import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import type { ExportStatus } from "../../lib/export-status";
import { ExportCard } from "./export-card";

const completedResult = {
  downloadUrl: "blob:拾念导出",
  filename: "拾念导出_20261122_143005.zip",
  fileSize: 5767168,
  exportCount: { thoughts: 42, notes: 8, total: 50 },
  exportTime: "2026-11-22T14:30:05+08:00",
};

const statuses = {
  idle: { status: "idle", progress: 0, message: "" },
  checking: { status: "checking", progress: 0, message: "正在检查导出权限..." },
  preparing: { status: "preparing", progress: 10, message: "正在准备导出数据..." },
  processing: { status: "processing", progress: 30, message: "正在整理你的想法..." },
  processingNearCap: { status: "processing", progress: 85, message: "正在打包笔记..." },
  downloading: { status: "downloading", progress: 95, message: "正在下载文件..." },
  completed: { status: "completed", progress: 100, message: "文件已开始下载", result: completedResult },
  completedEmpty: {
    status: "completed",
    progress: 100,
    message: "文件已开始下载",
    result: { ...completedResult, fileSize: 1234, exportCount: { thoughts: 0, notes: 0, total: 0 } },
  },
  errorCooldown: {
    status: "error",
    progress: 0,
    message: "导出失败",
    error: "暂时无法导出数据，下次可导出时间：2026-11-22 15:30",
  },
  errorPermission: { status: "error", progress: 0, message: "检查权限失败", error: "检查导出权限失败" },
  errorNetwork: { status: "error", progress: 30, message: "导出失败", error: "网络连接失败，请检查网络设置" },
} satisfies Record<string, ExportStatus>;

const meta = {
  title: "组件/ExportCard 导出卡片",
  component: ExportCard,
  tags: ["!autodocs"],
  parameters: { layout: "fullscreen", docs: { story: { inline: false, iframeHeight: 360 } } },
  args: { status: statuses.processing, onCancel: fn(), onClose: fn(), onRetry: fn() },
} satisfies Meta<typeof ExportCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = { args: { status: statuses.idle } };
export const Checking: Story = { args: { status: statuses.checking } };
export const Preparing: Story = { args: { status: statuses.preparing } };
export const Processing: Story = { args: { status: statuses.processing } };
export const ProcessingNearCap: Story = { args: { status: statuses.processingNearCap } };
export const Downloading: Story = { args: { status: statuses.downloading } };
export const Completed: Story = { args: { status: statuses.completed } };
export const CompletedEmptyAccount: Story = { args: { status: statuses.completedEmpty } };
export const ErrorCooldown: Story = { args: { status: statuses.errorCooldown } };
export const ErrorPermission: Story = { args: { status: statuses.errorPermission } };
export const ErrorNetwork: Story = { args: { status: statuses.errorNetwork } };
/** Just completed: the next export waits out the cooldown this one began, with a countdown. */
export const CompletedCooldown: Story = {
  args: { status: statuses.completed, retryWaitLabel: "59 分 58 秒后可再次导出" },
};
/** Refused for the cooldown (a click from an old page): the hint no longer points at 再次导出. */
export const ErrorCooldownWaiting: Story = {
  args: { status: statuses.errorCooldown, retryWaitLabel: "12 分 5 秒后可再次导出" },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("你可以关闭此窗口，到时间后再导出")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "12 分 5 秒后可再次导出" })).toBeDisabled();
  },
};

const card = (canvasElement: HTMLElement) => {
  const section = canvasElement.querySelector<HTMLElement>("[data-slot=export-card]");
  if (!section) throw new Error("ExportCard is not rendered");
  return section;
};

export const WhenIdleShouldRenderNothing: Story = {
  ...Idle,
  name: "空闲时不渲染任何内容",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector("[data-slot=export-card]")).toBeNull();
    await expect(canvas.queryByRole("button")).not.toBeInTheDocument();
  },
};

export const WhenCheckingCancelShouldCallOnCancel: Story = {
  ...Checking,
  name: "检查权限时，按钮为「取消」并调用 onCancel",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole("heading", { name: "正在检查导出权限" })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "取消" }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

export const WhenPreparingCancelShouldCallOnCancel: Story = {
  ...Preparing,
  name: "准备导出时，按钮为「取消」并调用 onCancel",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "取消" }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

export const WhenProcessingCancelShouldCallOnCancel: Story = {
  ...Processing,
  name: "导出数据时，按钮为「取消」并调用 onCancel",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole("heading", { name: "正在导出数据" })).toBeInTheDocument();
    await expect(canvas.getByText("正在整理你的想法...")).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "取消" }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

export const WhenDownloadingCancelShouldCallOnCancel: Story = {
  ...Downloading,
  name: "下载时，按钮为「取消」并调用 onCancel",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "取消" }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

export const WhileRunningShouldNotOfferRetryOrClose: Story = {
  ...ProcessingNearCap,
  name: "导出进行中不显示「再次导出」和「关闭」",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement }) => {
    await expect(card(canvasElement)).toHaveAttribute("data-state", "processing");
    await expect(canvas.queryByRole("button", { name: "再次导出" })).not.toBeInTheDocument();
    await expect(canvas.queryByRole("button", { name: "关闭" })).not.toBeInTheDocument();
    await expect(canvas.getAllByRole("button")).toHaveLength(1);
  },
};

export const ProgressBarShouldReportTheStatusProgress: Story = {
  ...ProcessingNearCap,
  name: "进度条的 aria-valuenow 应等于导出进度",
  tags: ["!autodocs"],
  play: async ({ canvas }) => {
    const bar = canvas.getByRole("progressbar", { name: "导出进度" });
    await expect(bar).toHaveAttribute("aria-valuenow", "85");
    await expect(canvas.getByText("85%")).toBeInTheDocument();
  },
};

export const WhenCompletedShouldShowSizeCountsAndFilename: Story = {
  ...Completed,
  name: "完成后应显示文件大小、条数和文件名",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("heading", { name: "导出完成" })).toBeInTheDocument();
    await expect(canvas.getByText("5.50 MB")).toBeInTheDocument();
    const result = card(canvasElement).querySelector("[data-slot=export-card-result]");
    await expect(result).toHaveTextContent("想法 42 条 · 笔记 8 条 · 共 50 条");
    await expect(result).toHaveTextContent("拾念导出_20261122_143005.zip");
    await expect(canvas.getByRole("progressbar", { name: "导出进度" })).toHaveAttribute(
      "aria-valuenow",
      "100",
    );
  },
};

export const WhenCompletedCloseShouldCallOnClose: Story = {
  ...Completed,
  name: "完成后按钮为「关闭」并调用 onClose",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.queryByRole("button", { name: "取消" })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "关闭" }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await expect(args.onCancel).not.toHaveBeenCalled();
    await expect(args.onRetry).not.toHaveBeenCalled();
  },
};

export const WhenCompletedRetryShouldCallOnRetry: Story = {
  ...Completed,
  name: "完成后点击「再次导出」应调用 onRetry",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "再次导出" }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

export const WhenAccountIsEmptyShouldShowZeroCounts: Story = {
  ...CompletedEmptyAccount,
  name: "空账户导出完成时应显示 0 条且文件大小不为 0.00 MB",
  tags: ["!autodocs"],
  play: async ({ canvas }) => {
    await expect(canvas.getByText("想法 0 条 · 笔记 0 条 · 共 0 条")).toBeInTheDocument();
    await expect(canvas.getByText("0.01 MB")).toBeInTheDocument();
  },
};

export const WhenFailedShouldShowTheErrorAndTheHint: Story = {
  ...ErrorCooldown,
  name: "失败时应显示错误信息和「关闭或重试」提示",
  tags: ["!autodocs"],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "导出失败" })).toBeInTheDocument();
    const alert = canvas.getByRole("alert");
    await expect(alert).toHaveTextContent("暂时无法导出数据，下次可导出时间：2026-11-22 15:30");
    await expect(alert).toHaveTextContent("你可以关闭此窗口，或点击「再次导出」重试");
    await expect(canvas.queryByRole("progressbar")).not.toBeInTheDocument();
  },
};

export const WhenPermissionCheckFailedShouldSayWhichStepFailed: Story = {
  ...ErrorPermission,
  name: "检查权限失败时标题应为「检查权限失败」",
  tags: ["!autodocs"],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "检查权限失败" })).toBeInTheDocument();
    await expect(canvas.getByRole("alert")).toHaveTextContent("检查导出权限失败");
  },
};

export const WhenFailedRetryShouldCallOnRetry: Story = {
  ...ErrorNetwork,
  name: "失败后点击「再次导出」应调用 onRetry",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "再次导出" }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const WhenFailedCloseShouldCallOnClose: Story = {
  ...ErrorNetwork,
  name: "失败后按钮为「关闭」并调用 onClose",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.queryByRole("button", { name: "取消" })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "关闭" }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const ShouldBeALabelledRegion: Story = {
  ...Downloading,
  name: "应是以标题命名的区域",
  tags: ["!autodocs"],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("region", { name: "正在下载" })).toBeInTheDocument();
    await expect(canvas.getByRole("progressbar", { name: "导出进度" })).toHaveAttribute(
      "aria-valuenow",
      "95",
    );
  },
};

export const WhenCoolingDownRetryShouldWaitWithACountdown: Story = {
  ...CompletedCooldown,
  name: "冷却中，「再次导出」应不可点击并显示倒计时",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const wait = canvas.getByRole("button", { name: "59 分 58 秒后可再次导出" });
    await expect(wait).toBeDisabled();
    await expect(canvas.queryByRole("button", { name: "再次导出" })).not.toBeInTheDocument();

    // 关闭 still works
    await userEvent.click(canvas.getByRole("button", { name: "关闭" }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};
