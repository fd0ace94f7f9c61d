import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { WebdavCard } from "./webdav-card";

const SAVED = {
  url: "https://dav.jianguoyun.com/dav/拾念备份/",
  username: "xiaotao@example.cn",
  frequency: "daily",
  keep: 7,
} as const;

const meta = {
  title: "组件/WebdavCard 定时备份",
  component: WebdavCard,
  args: { settings: null, onSave: fn(), onTest: fn(), onRun: fn(), onRemove: fn() },
  decorators: [
    (Story) => (
      <div className="w-[min(26rem,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof WebdavCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 未设置: an empty form, 每天 chosen, 7 kept. */
export const Unset: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText("文件夹地址")).toHaveValue("");
    await expect(canvas.getByRole("button", { name: "每天" })).toHaveAttribute("aria-pressed", "true");
    await expect(canvas.queryByRole("button", { name: "立即备份" })).not.toBeInTheDocument();
    // where every note will go is confirmed with the account password
    await expect(canvas.getByLabelText("拾念登录密码")).toHaveAttribute("autocomplete", "current-password");
  },
};

/** 已设置, with the last success and the next run (times in Beijing time). */
export const Configured: Story = {
  args: {
    settings: SAVED,
    nextRunAt: "2026-11-26T19:27:00Z",
    lastSuccess: { at: "2026-11-25T19:27:41Z", fileName: "拾念导出_20261126_032741.zip", bytes: 3_250_000 },
    targetChangedAt: "2026-11-02T12:05:00Z",
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText("2026/11/02 20:05")).toBeVisible();
    await expect(canvas.queryByLabelText("拾念登录密码")).not.toBeInTheDocument();
    await expect(canvas.getByText("2026/11/26 03:27 · 3.1 MB")).toBeVisible();
    await expect(canvas.getByText("拾念导出_20261126_032741.zip")).toBeVisible();
    await expect(canvas.getByText("2026/11/27 03:27")).toBeVisible();
    await expect(canvas.getByLabelText("应用密码")).toHaveAttribute("placeholder", "已保存，不修改请留空");
    // another address: the account password is asked for, and gone again with the saved address
    const url = canvas.getByLabelText("文件夹地址");
    await userEvent.type(url, "x");
    await expect(canvas.getByLabelText("拾念登录密码")).toBeVisible();
    await userEvent.type(url, "{Backspace}");
    await expect(canvas.queryByLabelText("拾念登录密码")).not.toBeInTheDocument();
  },
};

/** 已暂停: a password change switched the backup off; the address and when it was set, to check. */
export const Stopped: Story = {
  // taller than the viewport: shot as the whole page, not clipped
  parameters: { layout: "fullscreen" },
  decorators: [
    (Story) => (
      <div className="w-[min(26rem,calc(100vw-2rem))] p-4">
        <Story />
      </div>
    ),
  ],
  args: {
    // paused by a password change: the schedule is kept for when it is saved again
    settings: SAVED,
    nextRunAt: null,
    targetChangedAt: "2026-11-28T01:40:00Z",
    lastSuccess: { at: "2026-11-25T19:27:41Z", fileName: "拾念导出_20261126_032741.zip", bytes: 3_250_000 },
    stopped: {
      at: "2026-11-29T08:00:00Z",
      message:
        "登录密码已修改，定时备份已暂停：请确认下面的地址和用户名是你自己设置的，再填写登录密码保存，即可重新开启",
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="webdav-card"]')).toHaveAttribute(
      "data-state",
      "stopped",
    );
    await expect(canvas.getByText("备份已暂停（2026/11/29 16:00）")).toBeVisible();
    await expect(canvas.getByText("2026/11/28 09:40")).toBeVisible();
    await expect(canvas.getByText("已暂停，确认地址后重新保存即可恢复")).toBeVisible();
    await expect(canvas.getByLabelText("拾念登录密码")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "立即备份" })).toBeDisabled();
  },
};

/**
 * 失败: the message and its time first, at phone width (个人资料 is mostly read on phones). A
 * refused password is not retried: the schedule waits for new settings.
 */
export const Failed: Story = {
  args: {
    settings: { ...SAVED, frequency: "weekly", keep: 4 },
    nextRunAt: null,
    lastSuccess: { at: "2026-11-19T19:27:41Z", fileName: "拾念导出_20261120_032741.zip", bytes: 640_000 },
    lastFailure: { at: "2026-11-26T03:27:00Z", message: "用户名或密码错误" },
  },
  globals: { viewport: { value: "phone", isRotated: false } },
  // taller than a phone's screen: shot as the whole page, not clipped at the viewport
  parameters: { layout: "fullscreen" },
  decorators: [
    (Story) => (
      <div className="p-4">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const alert = canvas.getByRole("alert");
    await expect(alert).toHaveTextContent("备份失败（2026/11/26 11:27）");
    await expect(alert).toHaveTextContent("用户名或密码错误");
    await expect(alert).toHaveTextContent("改好设置后点「立即备份」。");
    await expect(canvas.getByText("已暂停，改好设置后恢复")).toBeVisible();
  },
};

export const Saving: Story = {
  args: { settings: SAVED, busy: "saving", nextRunAt: "2026-11-26T19:27:00Z" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "保存" })).toBeDisabled();
  },
};

/** The server has no WEBDAV_SECRET_KEY: said plainly, whom to ask, nothing to fill in (and no variable named to the person). */
export const Unavailable: Story = {
  args: { available: false },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText("本服务器未开启 WebDAV 备份")).toBeVisible();
    await expect(canvas.getByText("如需定时备份，请联系管理员开启。")).toBeVisible();
    await expect(canvasElement).not.toHaveTextContent(/WEBDAV_|SECRET/);
    await expect(canvas.queryByRole("textbox")).not.toBeInTheDocument();
  },
};

export const WhenSavedShouldHandOverWhatWasTyped: Story = {
  name: "点保存时，应交出填写的地址、用户名、密码、频率和份数",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(
      canvas.getByLabelText("文件夹地址"),
      "https://nextcloud.example.cn/remote.php/dav/files/me/备份/",
    );
    await userEvent.type(canvas.getByLabelText("用户名"), "me");
    await userEvent.type(canvas.getByLabelText("应用密码"), "abcd-efgh");
    await userEvent.type(canvas.getByLabelText("拾念登录密码"), "my-login-pass");
    await userEvent.click(canvas.getByRole("button", { name: "每周" }));
    await userEvent.clear(canvas.getByLabelText("保留份数"));
    await userEvent.type(canvas.getByLabelText("保留份数"), "3");
    await userEvent.click(canvas.getByRole("button", { name: "保存" }));
    await expect(args.onSave).toHaveBeenCalledWith({
      url: "https://nextcloud.example.cn/remote.php/dav/files/me/备份/",
      username: "me",
      password: "abcd-efgh",
      accountPassword: "my-login-pass",
      frequency: "weekly",
      keep: 3,
    });
  },
};
