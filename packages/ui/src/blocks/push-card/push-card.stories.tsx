import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { PushCard } from "./push-card";
import type { PushChannelView } from "./push-channel-item";

const SETTINGS = { review: true, reviewAt: "08:30", digests: true };
const WECOM: PushChannelView = {
  id: "c1",
  kind: "wecom",
  name: "家人群",
  target: "qyapi.weixin.qq.com",
  secretSet: false,
  enabled: true,
  disabledReason: null,
  failures: 0,
  lastError: null,
};
const BARK: PushChannelView = {
  ...WECOM,
  id: "c2",
  kind: "bark",
  name: "我的 iPhone",
  target: "api.day.app",
  secretSet: true,
};
const FEISHU_OFF: PushChannelView = {
  ...WECOM,
  id: "c3",
  kind: "feishu",
  name: "读书会",
  target: "open.feishu.cn",
  secretSet: true,
  enabled: false,
  failures: 5,
  lastError: "飞书：sign match fail or timestamp is not within one hour from current time（错误码 19021）",
  disabledReason:
    "连续 5 次发送失败，已停用（最后一次：飞书：sign match fail or timestamp is not within one hour from current time（错误码 19021））。修好后点“发送测试消息”或重新启用",
};
const DINGTALK_FAILING: PushChannelView = {
  ...WECOM,
  id: "c4",
  kind: "dingtalk",
  name: "钉钉机器人",
  target: "oapi.dingtalk.com",
  secretSet: true,
  failures: 2,
  lastError: "钉钉：sign not match（错误码 310000）",
};

const meta = {
  title: "组件/PushCard 提醒与推送",
  component: PushCard,
  args: {
    settings: SETTINGS,
    channels: [],
    onSaveSettings: fn(),
    onAdd: fn(),
    onEdit: fn(),
    onTest: fn(),
    onRemove: fn(),
    onEnable: fn(),
  },
  decorators: [
    (Story) => (
      <div className="w-[min(28rem,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PushCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No channel yet: the defaults (08:30, digests on) and a button to add one. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText("推送时间")).toHaveValue("08:30");
    await expect(canvas.getByRole("checkbox", { name: "每天推送每日回顾" })).toBeChecked();
    await expect(canvas.getByRole("checkbox", { name: "周报/月报生成后推送" })).toBeChecked();
    await expect(canvas.getByRole("button", { name: "添加推送渠道" })).toBeVisible();
  },
};

/** Two channels working, and 发送测试消息's answer shown on the one tested. */
export const WithChannels: Story = {
  args: {
    channels: [WECOM, BARK],
    notice: { tone: "success", message: "测试消息已发送", channelId: "c2" },
  },
  play: async ({ canvas }) => {
    const bark = canvas.getByRole("listitem", { name: "我的 iPhone" });
    await expect(within(bark).getByText("测试消息已发送")).toBeVisible();
    await expect(within(bark).getByText("Bark · api.day.app")).toBeVisible();
    await expect(within(canvas.getByRole("listitem", { name: "家人群" })).queryByRole("alert")).toBeNull();
  },
};

/**
 * A channel switched off after five failures, with the vendor's own words, and one failing: at
 * phone width, where 个人资料 is mostly read.
 */
export const SwitchedOff: Story = {
  args: {
    channels: [FEISHU_OFF, DINGTALK_FAILING],
    notice: { tone: "error", message: "发送失败：钉钉：sign not match（错误码 310000）", channelId: "c4" },
  },
  globals: { viewport: { value: "phone", isRotated: false } },
  parameters: { layout: "fullscreen" },
  decorators: [
    (Story) => (
      <div className="p-4">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="push-card"]')).toHaveAttribute(
      "data-state",
      "channel-off",
    );
    const off = canvas.getByRole("listitem", { name: "读书会" });
    await expect(off).toHaveAttribute("data-state", "off");
    await expect(within(off).getByText("已停用")).toBeVisible();
    await expect(within(off).getByText(/sign match fail/)).toBeVisible();
    await expect(within(off).getByRole("button", { name: "重新启用 读书会" })).toBeVisible();
    // lasting states are read with the channel, not announced: only the fresh answer of an action is
    await expect(within(off).queryByRole("alert")).toBeNull();
    await expect(within(off).getByRole("note")).toHaveTextContent("已停用");
    const failing = canvas.getByRole("listitem", { name: "钉钉机器人" });
    await expect(failing).toHaveAttribute("data-state", "failing");
    await expect(within(failing).getByText("最近 2 次发送失败")).toBeVisible();
    await expect(within(failing).getByRole("note")).toHaveTextContent("最近 2 次发送失败");
    await expect(within(failing).getByRole("alert")).toHaveTextContent("发送失败：钉钉：sign not match");
  },
};

export const Dark: Story = {
  args: { channels: [WECOM, FEISHU_OFF] },
  globals: { theme: "dark" },
};

/** The server has no key: said plainly, whom to ask, nothing to fill in. */
export const Unavailable: Story = {
  args: { available: false },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText("本服务器未开启推送")).toBeVisible();
    await expect(canvasElement).not.toHaveTextContent(/SECRET/);
    await expect(canvas.queryByRole("textbox")).not.toBeInTheDocument();
  },
};

export const WhenTestIsClickedShouldAskForThatChannel: Story = {
  name: "点发送测试消息时，应只测试那一个渠道",
  tags: ["!autodocs"],
  args: { channels: [WECOM, BARK] },
  play: async ({ canvas, userEvent, args }) => {
    const bark = canvas.getByRole("listitem", { name: "我的 iPhone" });
    await userEvent.click(within(bark).getByRole("button", { name: "发送测试消息 我的 iPhone" }));
    await expect(args.onTest).toHaveBeenCalledWith("c2");
  },
};

export const WhenAFeishuRobotIsAddedShouldHandOverItsAddressAndSecret: Story = {
  name: "添加飞书机器人时，应交出地址和签名密钥",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "添加推送渠道" }));
    await userEvent.selectOptions(canvas.getByLabelText("渠道类型"), "飞书机器人");
    await userEvent.type(canvas.getByLabelText("名称"), "读书会");
    await userEvent.type(
      canvas.getByLabelText("Webhook 地址"),
      "https://open.feishu.cn/open-apis/bot/v2/hook/abc",
    );
    await userEvent.type(canvas.getByLabelText("签名密钥"), "s3cret");
    await expect(canvas.queryByLabelText("设备 Key")).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "添加渠道" }));
    await expect(args.onAdd).toHaveBeenCalledWith({
      kind: "feishu",
      name: "读书会",
      url: "https://open.feishu.cn/open-apis/bot/v2/hook/abc",
      secret: "s3cret",
      deviceKey: "",
      sendKey: "",
    });
  },
};

export const WhenSettingsAreSavedShouldHandOverTheTimeAndSwitches: Story = {
  name: "保存推送设置时，应交出时间和开关",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const time = canvas.getByLabelText("推送时间");
    await userEvent.clear(time);
    await userEvent.type(time, "07:45");
    await userEvent.click(canvas.getByRole("checkbox", { name: "周报/月报生成后推送" }));
    await userEvent.click(canvas.getByRole("button", { name: "保存推送设置" }));
    await expect(args.onSaveSettings).toHaveBeenCalledWith({
      review: true,
      reviewAt: "07:45",
      digests: false,
    });
  },
};

export const WhenEditingShouldKeepSecretsUnlessTyped: Story = {
  name: "编辑渠道时，密钥留空表示不修改",
  tags: ["!autodocs"],
  args: { channels: [BARK] },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "编辑 我的 iPhone" }));
    await expect(canvas.getByLabelText("设备 Key")).toHaveAttribute("placeholder", "已保存，不修改请留空");
    await userEvent.clear(canvas.getByLabelText("名称"));
    await userEvent.type(canvas.getByLabelText("名称"), "旧手机");
    await userEvent.click(canvas.getByRole("button", { name: "保存渠道" }));
    await expect(args.onEdit).toHaveBeenCalledWith("c2", {
      kind: "bark",
      name: "旧手机",
      url: "",
      secret: "",
      deviceKey: "",
      sendKey: "",
    });
  },
};

export const WhenAWebhookSecretIsGeneratedShouldShowItToCopy: Story = {
  name: "Webhook 点生成时，应填入可复制的 whsec_ 密钥",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "添加推送渠道" }));
    await userEvent.selectOptions(canvas.getByLabelText("渠道类型"), "Webhook");
    await userEvent.type(canvas.getByLabelText("接收地址"), "https://hooks.example.cn/拾念");
    await userEvent.click(canvas.getByRole("button", { name: "生成" }));
    const secret = canvas.getByLabelText("签名密钥");
    await expect(secret).toHaveAttribute("type", "text");
    await expect((secret as HTMLInputElement).value).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // a fixed one from here on: the screenshot stays the same from run to run
    const fixed = `whsec_${"A".repeat(43)}=`;
    await userEvent.clear(secret);
    await userEvent.type(secret, fixed);
    await userEvent.click(canvas.getByRole("button", { name: "添加渠道" }));
    await expect(args.onAdd).toHaveBeenCalledWith(
      expect.objectContaining({ kind: "webhook", secret: fixed }),
    );
  },
};

export const WhenDeleteIsClickedShouldAskFirst: Story = {
  name: "点删除时，应先确认再删除那一个渠道",
  tags: ["!autodocs"],
  args: { channels: [WECOM, BARK] },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "删除 家人群" }));
    const dialog = within(document.body).getByRole("alertdialog", { name: "删除“家人群”？" });
    await expect(args.onRemove).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole("button", { name: "删除" }));
    await expect(args.onRemove).toHaveBeenCalledWith("c1");
  },
};

export const WhenAnEditIsRefusedShouldShowTheErrorByTheForm: Story = {
  name: "保存渠道被拒时，应在编辑表单旁显示原因",
  tags: ["!autodocs"],
  args: {
    channels: [BARK],
    notice: {
      tone: "error",
      message:
        "Bark 服务器地址只填到域名（如 https://api.day.app），不要带设备 Key 或路径；设备 Key 填在下一栏",
      channelId: "c2",
    },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole("button", { name: "编辑 我的 iPhone" }));
    const form = canvas.getByRole("form", { name: "编辑我的 iPhone" });
    const editing = form.closest("li")!;
    await expect(within(editing).getByRole("alert")).toHaveTextContent("Bark 服务器地址只填到域名");
    // by the form only, not also at the top of the card
    await expect(canvas.getAllByRole("alert")).toHaveLength(1);
  },
};

export const WhenAddingIsRefusedShouldShowTheErrorByTheAddForm: Story = {
  name: "添加渠道被拒时，应在添加表单旁显示原因",
  tags: ["!autodocs"],
  args: { notice: { tone: "error", message: "每个账号最多添加 10 个推送渠道", form: "add" } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole("button", { name: "添加推送渠道" }));
    const form = canvas.getByRole("form", { name: "添加推送渠道" });
    await expect(within(form.parentElement!).getByRole("alert")).toHaveTextContent(
      "每个账号最多添加 10 个推送渠道",
    );
    // shown once, by the form, not also at the top of the card
    await expect(canvas.getAllByRole("alert")).toHaveLength(1);
  },
};
