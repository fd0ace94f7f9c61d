import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, waitFor, within } from "storybook/test";
import { NoteHistory, type NoteHistoryProps, type NoteHistoryVersion } from "./note-history";

const current = {
  title: "陶艺课笔记",
  content: "拉坯时手要一直保持湿润，转速先快后慢。\n收口前用海绵吸掉多余的水。\n周六带围裙和毛巾。",
  tags: ["陶艺", "周末"],
};

const versions: NoteHistoryVersion[] = [
  { versionId: "v3", savedAt: "2026-06-15T06:30:00Z", title: "陶艺课笔记", tags: ["陶艺", "周末"] },
  { versionId: "v2", savedAt: "2026-06-14T12:05:00Z", title: "陶艺课", tags: ["陶艺"] },
  { versionId: "v1", savedAt: "2026-06-01T01:00:00Z", title: "陶艺课", tags: ["陶艺", "拉坯"] },
  { versionId: "v0", savedAt: "2026-05-30T01:00:00Z", title: "陶艺课笔记", tags: ["陶艺", "周末"] },
];

/** The texts the screen would fetch one at a time (noteVersion). */
const texts: Record<string, string> = {
  v3: "拉坯时手要一直保持湿润，转速先快后慢。\n收口前用海绵吸掉水。",
  v2: "拉坯时手要湿，转速先快后慢。",
  v1: "拉坯要稳",
  v0: current.content,
};

/** Holds the chosen version as the screen does, its text given at once. */
function Chooser(props: NoteHistoryProps) {
  const [chosenId, setChosenId] = useState<string | undefined>(undefined);
  const id = chosenId ?? props.versions[0]?.versionId;
  return (
    <NoteHistory
      {...props}
      chosenId={id}
      onChoose={setChosenId}
      chosenContent={props.chosenContent ?? (id ? texts[id] : undefined)}
    />
  );
}

const meta = {
  title: "组件/NoteHistory 笔记历史版本",
  component: NoteHistory,
  args: { versions, current, onRestore: fn(), onLoadMore: fn() },
  render: (args) => <Chooser {...args} />,
  decorators: [
    (Story) => (
      <div className="w-[min(880px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof NoteHistory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Dark: Story = { globals: { theme: "dark" } };
export const Phone: Story = { globals: { viewport: { value: "phone", isRotated: false } } };
export const PhoneDark: Story = {
  globals: { theme: "dark", viewport: { value: "phone", isRotated: false } },
};
export const MoreToLoad: Story = { args: { hasMore: true } };
export const PhoneSmall: Story = { globals: { viewport: { value: "phoneSmall", isRotated: false } } };
export const SameAsCurrent: Story = { args: { versions: [versions[3]!], chosenContent: current.content } };
export const TagsOnly: Story = {
  args: { versions: [{ ...versions[3]!, tags: ["陶艺"] }], chosenContent: current.content },
};
export const LongTitle: Story = {
  globals: { viewport: { value: "phoneSmall", isRotated: false } },
  args: {
    versions: [{ ...versions[1]!, title: "周末陶艺课的全部笔记与准备清单（拉坯、修坯、上釉与烧制）" }],
  },
};
export const Empty: Story = { args: { versions: [] } };

export const WhenAVersionIsChosenShouldShowItsDiffAgainstTheCurrentText: Story = {
  name: "选中一个版本时，应显示它与当前内容的差异",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent }) => {
    const diff = canvas.getByRole("region", { name: "此版本与当前内容的差异" });
    await expect(within(diff).getByRole("heading")).toHaveTextContent("2026/6/15 14:30 的版本");
    await expect(diff.querySelector("[data-slot=note-diff] ins")).toHaveTextContent("多余的");
    await userEvent.click(canvas.getByRole("button", { name: /2026\/6\/1 09:00/ }));
    await expect(canvas.getByRole("button", { name: /2026\/6\/1 09:00/ })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(within(diff).getByRole("heading")).toHaveTextContent("2026/6/1 09:00 的版本");
    await expect(diff).toHaveTextContent("标题：（删去：陶艺课） → （加上：陶艺课笔记）");
    await expect(diff.querySelector("[data-slot=note-diff] del")).toHaveTextContent("稳");
    // its tags compared too: 拉坯 taken off since, 周末 added
    await expect(diff.querySelector("[data-slot=note-history-tags] del")).toHaveTextContent("#拉坯");
    await expect(diff.querySelector("[data-slot=note-history-tags] ins")).toHaveTextContent("#周末");
  },
};

export const WhenOnlyTheTagsDifferShouldNotSayTheSame: Story = {
  name: "只有标签不同时，不应显示与当前内容相同，并列出标签差异",
  tags: ["!autodocs"],
  args: { versions: [{ ...versions[3]!, tags: ["陶艺"] }], chosenContent: current.content },
  play: async ({ canvas }) => {
    const diff = canvas.getByRole("region", { name: "此版本与当前内容的差异" });
    await expect(diff).not.toHaveTextContent("与当前内容相同");
    await expect(diff).toHaveTextContent("正文与当前相同");
    await expect(diff.querySelector("[data-slot=note-history-tags] ins")).toHaveTextContent(
      "（加上：#周末）",
    );
  },
};

export const WhenTitleTextAndTagsAreTheSameShouldSaySo: Story = {
  name: "标题、正文与标签都相同时，应显示与当前内容相同",
  tags: ["!autodocs"],
  args: { versions: [versions[3]!], chosenContent: current.content },
  play: async ({ canvas }) => {
    const diff = canvas.getByRole("region", { name: "此版本与当前内容的差异" });
    await expect(diff).toHaveTextContent("与当前内容相同");
    await expect(diff.querySelector("[data-slot=note-history-tags]")).toBeNull();
  },
};

export const WhenRestoreIsConfirmedShouldCallOnRestoreWithThatVersion: Story = {
  name: "确认恢复此版本时，应以该版本 id 调用 onRestore；取消则不调用",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("button", { name: /2026\/6\/14 20:05/ }));
    await userEvent.click(canvas.getByRole("button", { name: "恢复此版本" }));
    const dialog = await body.findByRole("alertdialog", { name: "恢复此版本？" });
    await userEvent.click(within(dialog).getByRole("button", { name: "取消" }));
    await expect(args.onRestore).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole("button", { name: "恢复此版本" }));
    await userEvent.click(
      within(await body.findByRole("alertdialog")).getByRole("button", { name: "恢复此版本" }),
    );
    await expect(args.onRestore).toHaveBeenCalledTimes(1);
    await expect(args.onRestore).toHaveBeenCalledWith("v2");
    await waitFor(() => expect(body.queryByRole("alertdialog")).toBeNull());
  },
};

export const WhenMoreIsClickedShouldLoadOlderVersions: Story = {
  name: "点击更早的版本时，应调用 onLoadMore",
  tags: ["!autodocs"],
  args: { hasMore: true },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "更早的版本" }));
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1);
  },
};
