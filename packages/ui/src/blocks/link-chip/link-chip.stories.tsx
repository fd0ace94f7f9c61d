import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { AnnotationThread } from "../annotation-thread";
import { CardMarkdown } from "../card-markdown";
import { MarkdownView } from "../markdown-view";
import { LinkChip, LinkedText } from "./link-chip";
import { ItemLinksContext, type RenderLinks } from "./links-context";

const LIVE = "0f8b6c3e-2a1d-4c5b-9e7f-000000000001";
const TRASHED = "0f8b6c3e-2a1d-4c5b-9e7f-000000000002";
const GONE = "0f8b6c3e-2a1d-4c5b-9e7f-000000000003";
const NOTE = "0f8b6c3e-2a1d-4c5b-9e7f-000000000004";
const targets: Record<string, { state: "live" | "trash" | "deleted"; title: string }> = {
  [LIVE]: { state: "live", title: "周末去景德镇看窑" },
  [TRASHED]: { state: "trash", title: "旧的拉坯笔记" },
  [GONE]: { state: "deleted", title: "" },
  [NOTE]: { state: "live", title: "陶艺笔记" },
};
const PATTERN = /\[\[(idea|note):([0-9a-f-]{36})\]\]/g;
const split = (text: string) => {
  const parts: (string | { type: "idea" | "note"; id: string })[] = [];
  let at = 0;
  for (const m of text.matchAll(PATTERN)) {
    parts.push(text.slice(at, m.index), { type: m[1] as "idea" | "note", id: m[2]! });
    at = m.index + m[0].length;
  }
  parts.push(text.slice(at));
  return parts;
};
const render: RenderLinks = (text, renderRun) => (
  <LinkedText
    text={text}
    split={split}
    renderText={renderRun}
    renderLink={(ref) => (
      <LinkChip
        type={ref.type}
        {...(targets[ref.id] ?? { state: "loading", title: "" })}
        href={`/${ref.type}s/${ref.id}`}
      />
    )}
  />
);

const source = `接着 [[idea:${LIVE}]] 练拉坯。\n\n- 参考 [[note:${NOTE}]]\n- 放进回收站的 [[idea:${TRASHED}]]\n- 删掉的 [[idea:${GONE}]]\n\n\`[[idea:${LIVE}]]\` 在代码里保持原样`;

function Both() {
  return (
    <ItemLinksContext value={render}>
      <div className="grid w-[min(48rem,calc(100vw-2rem))] gap-6 sm:grid-cols-2">
        <div className="rounded-lg border border-border p-3 text-sm">
          <CardMarkdown source={source} />
        </div>
        <div className="rounded-lg border border-border p-3">
          <MarkdownView source={source} />
        </div>
      </div>
    </ItemLinksContext>
  );
}

const meta = {
  title: "组件/LinkChip 内容链接",
  component: Both,
} satisfies Meta<typeof Both>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InCardAndNote: Story = {
  play: async ({ canvas }) => {
    // the note's Markdown parser is a chunk of its own: wait for both texts
    await waitFor(() =>
      expect(canvas.getAllByRole("link", { name: /想法：\s*周末去景德镇看窑/ })).toHaveLength(2),
    );
    await expect(canvas.getAllByRole("link", { name: /想法：\s*旧的拉坯笔记\s*回收站中/ })).toHaveLength(2);
    await expect(canvas.getAllByText("已删除的想法")).toHaveLength(2);
    await expect(canvas.getAllByRole("link", { name: /笔记：\s*陶艺笔记/ })).toHaveLength(2);
    // code keeps the link as written
    await expect(canvas.getAllByText(`[[idea:${LIVE}]]`, { exact: false }).length).toBeGreaterThan(0);
  },
};
export const Dark: Story = { globals: { theme: "dark" } };
export const Phone: Story = { globals: { viewport: { value: "phone", isRotated: false } } };
export const PhoneDark: Story = {
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};

/** Without the app's links (the first screen before they load) the text shows as written. */
export const WithoutLinks: Story = {
  render: () => <CardMarkdown source={`接着 [[idea:${LIVE}]] 练拉坯`} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(`接着 [[idea:${LIVE}]] 练拉坯`)).toBeVisible();
  },
};

/** The words around a link keep what the text does: a search's marked words in a card, an answer's [1]. */
export const AroundMarksAndCitations: Story = {
  render: () => (
    <ItemLinksContext value={render}>
      <div className="grid w-[min(48rem,calc(100vw-2rem))] gap-6 sm:grid-cols-2">
        <div className="rounded-lg border border-border p-3 text-sm">
          <CardMarkdown source={`先练拉坯，再看 [[idea:${LIVE}]] 里的拉坯视频`} terms={["拉坯"]} />
        </div>
        <div className="rounded-lg border border-border p-3">
          <MarkdownView
            source={`窑温要稳 [1]，见 [[note:${NOTE}]]。`}
            citations={{ 1: { href: `/notes/${NOTE}`, label: "引用 1：笔记：陶艺笔记" } }}
          />
        </div>
      </div>
    </ItemLinksContext>
  ),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByRole("link", { name: "引用 1：笔记：陶艺笔记" })).toBeVisible());
    await expect(canvas.getAllByRole("link", { name: /想法：\s*周末去景德镇看窑/ })).toHaveLength(1);
    // both 拉坯 are marked, on either side of the chip
    await expect([...canvasElement.querySelectorAll("mark")].map((m) => m.textContent)).toEqual([
      "拉坯",
      "拉坯",
    ]);
  },
};

/** A 批注's links show as chips too, in the thread under the idea. */
export const InAnnotation: Story = {
  render: () => (
    <ItemLinksContext value={render}>
      <AnnotationThread
        className="w-[min(560px,calc(100vw-2rem))]"
        annotations={[
          {
            id: "a1",
            content: `又去了一次，和 [[idea:${LIVE}]] 连起来看；旧的 [[idea:${GONE}]] 不要了`,
            createdAt: "2026-06-08T03:30:00Z",
          },
        ]}
      />
    </ItemLinksContext>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: /想法：\s*周末去景德镇看窑/ })).toHaveAttribute(
      "href",
      `/ideas/${LIVE}`,
    );
    await expect(canvas.getByText("已删除的想法")).toBeVisible();
    await expect(canvas.queryByText(`[[idea:${LIVE}]]`, { exact: false })).toBeNull();
  },
};
export const InAnnotationPhoneDark: Story = {
  ...InAnnotation,
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};
