import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { TopBar } from "./top-bar";
import { TopBarWordmark } from "./top-bar-wordmark";

const portrait = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72"><rect width="72" height="72" fill="#fed7aa"/><circle cx="36" cy="28" r="13" fill="#c2410c"/><path d="M12 72c2-16 12-24 24-24s22 8 24 24z" fill="#c2410c"/></svg>',
)}`;

const meta = {
  title: "组件/TopBar 顶部栏",
  component: TopBar,
  parameters: { layout: "fullscreen" },
  args: {
    user: { nickname: "alice" },
    onLogoClick: fn(),
    onProfileClick: fn(),
    onHomeClick: fn(),
    searchProps: { onSearch: fn(), onAvatarClick: fn(), onValueChange: fn() },
  },
  argTypes: { mode: { control: "inline-radio", options: ["default", "back-home"] } },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithAvatarImage: Story = { args: { user: { nickname: "小明", avatar: portrait } } };
export const ChineseNickname: Story = { args: { user: { nickname: "小明" } } };
export const NoNickname: Story = { args: { user: {} } };
export const SearchHidden: Story = { args: { searchHidden: true } };
export const BackHome: Story = { args: { mode: "back-home" } };
export const CustomLogo: Story = {
  args: {
    logo: (
      <a href="#home" className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <TopBarWordmark />
      </a>
    ),
  },
};

export const WhenLogoIsClickedShouldCallOnLogoClick: Story = {
  name: "点击 Logo 时应调用 onLogoClick",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "拾念" }));
    await expect(args.onLogoClick).toHaveBeenCalledTimes(1);
    await expect(args.onProfileClick).not.toHaveBeenCalled();
  },
};

export const WhenAvatarIsClickedShouldOpenTheProfile: Story = {
  name: "点击头像时应调用 onProfileClick",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const avatar = canvas.getByRole("button", { name: "打开个人资料" });
    await expect(avatar).toHaveTextContent(/^A$/);
    await userEvent.click(avatar);
    await expect(args.onProfileClick).toHaveBeenCalledTimes(1);
  },
};

export const WhenInBackHomeModeShouldReplaceTheAvatarWithAHomeButton: Story = {
  name: "返回首页模式下，应以返回首页按钮替代头像，点击时调用 onHomeClick",
  tags: ["!autodocs"],
  args: { mode: "back-home" },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.queryByRole("button", { name: "打开个人资料" })).toBeNull();
    const home = canvas.getByRole("button", { name: "返回首页" });
    await expect(home).toHaveAttribute("title", "返回首页");
    await expect(home).toHaveClass("rounded-full");
    await userEvent.click(home);
    await expect(args.onHomeClick).toHaveBeenCalledTimes(1);
  },
};

export const WhenSearchingFromTheTopBarShouldCallOnSearch: Story = {
  name: "在顶部栏搜索框输入并回车时，应调用 onSearch",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole("textbox", { name: "搜索想法或和AI助手聊天" });
    await expect(input).toHaveAttribute("placeholder", "和AI助手聊聊，或搜索你的想法...");
    await userEvent.type(input, " 产品设计 {Enter}");
    await expect(args.searchProps?.onSearch).toHaveBeenCalledWith("产品设计");
  },
};

export const WhenSearchIsHiddenShouldKeepLogoAndAvatar: Story = {
  name: "隐藏搜索框时，应只保留 Logo 和头像",
  tags: ["!autodocs"],
  args: { searchHidden: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole("search")).toBeNull();
    await expect(canvas.getByRole("button", { name: "拾念" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "打开个人资料" })).toBeVisible();
  },
};

export const ShouldBeStickyAndSeventyThreePixelsHigh: Story = {
  name: "顶部栏应吸顶，总高 73px，头像 36px，搜索框 500×40",
  tags: ["!autodocs"],
  play: async ({ canvas }) => {
    const header = canvas.getByRole("banner");
    await expect(getComputedStyle(header).position).toBe("sticky");
    await expect(header.getBoundingClientRect().height).toBe(73);
    const avatar = canvas.getByRole("button", { name: "打开个人资料" }).getBoundingClientRect();
    await expect([avatar.width, avatar.height]).toEqual([36, 36]);
    const pill = canvas.getByRole("search").getBoundingClientRect();
    await expect([pill.width, pill.height]).toEqual([500, 40]);
  },
};

/** Phones and tablets: the logo mark only, the pill filling the width, a 32 px avatar in a 44 px tap target. */
export const Phone: Story = {
  args: { user: { nickname: "小明" } },
  globals: { viewport: { value: "phone", isRotated: false } },
};
export const PhoneBackHome: Story = {
  args: { mode: "back-home" },
  globals: { viewport: { value: "phone", isRotated: false } },
};
export const Dark: Story = { args: { user: { nickname: "小明" } }, globals: { theme: "dark" } };

export const OnAPhoneShouldFitTheWidthWithTapTargetsOf44Pixels: Story = {
  name: "手机上应占满宽度，点按区域至少 44px",
  tags: ["!autodocs"],
  args: { user: { nickname: "小明" } },
  globals: { viewport: { value: "phone", isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    const bar = canvasElement.querySelector("[data-slot=top-bar]")!.getBoundingClientRect();
    const pill = canvas.getByRole("search").getBoundingClientRect();
    const profile = canvas.getByRole("button", { name: "打开个人资料" }).getBoundingClientRect();
    await expect(bar.height).toBe(56);
    await expect(pill.right).toBeLessThanOrEqual(profile.left);
    await expect(profile.right).toBeLessThanOrEqual(bar.right);
    await expect(profile.width).toBeGreaterThanOrEqual(44);
    await expect(profile.height).toBeGreaterThanOrEqual(44);
    await expect(canvas.getByText("拾念")).toHaveClass("max-lg:sr-only");
  },
};
