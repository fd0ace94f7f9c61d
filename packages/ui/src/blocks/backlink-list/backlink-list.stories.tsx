import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { type Backlink, BacklinkList } from "./backlink-list";

const items: Backlink[] = [
  {
    type: "note",
    id: "n1",
    title: "陶艺笔记",
    excerpt: "揉泥是第一步，见 〔链接〕，之后才是拉坯",
    createdAt: "2026-11-20T02:00:00.000Z",
  },
  {
    type: "idea",
    id: "i1",
    title: "",
    excerpt: "接着 〔链接〕 练拉坯，手要稳",
    createdAt: "2026-11-18T12:30:00.000Z",
  },
];

const meta = {
  title: "组件/BacklinkList 被引用",
  component: BacklinkList,
  args: { items, href: (item) => `/${item.type}s/${item.id}`, onNavigate: fn() },
  decorators: [
    (Story) => (
      <div className="w-[min(40rem,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof BacklinkList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("region", { name: "被引用" })).toHaveTextContent(/^被引用2 条/);
    await expect(canvas.getByRole("link", { name: /笔记：\s*陶艺笔记/ })).toHaveAttribute(
      "href",
      "/notes/n1",
    );
    await expect(canvas.getByRole("link", { name: /想法：\s*接着/ })).toHaveAttribute("href", "/ideas/i1");
  },
};
export const Dark: Story = { globals: { theme: "dark" } };
export const None: Story = {
  args: { items: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("还没有想法或笔记链接到这里。")).toBeVisible();
  },
};
export const Cut: Story = { args: { total: 240 } };
export const Phone: Story = { globals: { viewport: { value: "phone", isRotated: false } } };
export const PhoneDark: Story = {
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};

export const WhenABacklinkIsClickedShouldNavigate: Story = {
  name: "点一条被引用即前往它",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const link = canvas.getByRole("link", { name: /陶艺笔记/ });
    link.addEventListener("click", (e) => e.preventDefault());
    await userEvent.click(link);
    await expect(args.onNavigate).toHaveBeenCalledWith(expect.anything(), items[0]);
  },
};
