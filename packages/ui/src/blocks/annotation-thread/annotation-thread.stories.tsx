import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { sampleImages } from "../image-grid/sample-images";
import { ImageUploadChip } from "../image-upload-chip/image-upload-chip";
import { AnnotationThread, type AnnotationThreadItem } from "./annotation-thread";

/** A short silent WAV (the player never loads it: preload none), so stories need no file. */
const SILENT_WAV = "data:audio/wav;base64,UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=";

const annotations: AnnotationThreadItem[] = [
  { id: "a1", content: "第一次上课，捏坏了三个杯子。", createdAt: "2026-06-01T02:00:00Z" },
  { id: "a2", content: "第二次终于成形了，老师说收口要慢。", createdAt: "2026-06-08T03:30:00Z" },
  { id: "a3", content: "想买一台拉坯机 #陶艺", createdAt: "2026-06-15T12:05:00Z" },
];

const meta = {
  title: "组件/AnnotationThread 批注",
  component: AnnotationThread,
  args: { annotations, onAdd: fn(), onRetry: fn(), onDelete: fn() },
  decorators: [
    (Story) => (
      <div className="w-[min(560px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AnnotationThread>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { annotations: [] } };
export const Long: Story = {
  args: {
    annotations: [
      ...annotations,
      {
        id: "a4",
        content:
          "回头看这半年：从一个周末的兴趣，到每周三个晚上泡在工作室。拉坯、修坯、上釉、烧窑，每一步都有自己的脾气。最难的不是手上的功夫，而是等——等泥干，等窑冷，等一件作品告诉你它成了还是裂了。\n下一步：试试柴烧。",
        createdAt: "2026-12-01T14:00:00Z",
      },
      { id: "a5", content: "离线时写下的一条", createdAt: "2026-12-02T01:00:00Z", pending: true },
    ],
  },
};
const refused: AnnotationThreadItem = {
  id: "a6",
  content: "离线时写下的，服务器没有收下",
  createdAt: "2026-12-02T02:00:00Z",
  pending: true,
  reason: "每条想法最多 200 条批注",
};
/** The server refused a queued 批注: its reason, 重试 and 删除. */
export const Refused: Story = { args: { annotations: [...annotations, refused] } };
export const RefusedPhoneDark: Story = {
  args: { annotations: [...annotations, refused] },
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};
const withFiles: AnnotationThreadItem[] = [
  annotations[0]!,
  {
    id: "a7",
    content: "烧出来了，釉色比想的深",
    createdAt: "2026-06-20T09:00:00Z",
    images: sampleImages.slice(0, 2).map((src, i) => ({ id: `p${i}`, src, alt: `成品${i + 1}.png` })),
    recordings: [{ id: "r1", src: SILENT_WAV, durationMs: 12_400 }],
  },
];
const picked = (
  <ImageUploadChip src={sampleImages[2]!} alt="窑口.png" state="queued" onRemove={() => undefined} />
);
/** 批注 with pictures and a recording, and one being written with a picture picked (kept on the device). */
export const WithPicturesAndRecording: Story = {
  args: { annotations: withFiles, onAddImages: fn(), imageChips: picked, onRecord: fn() },
};
export const WithPicturesPhoneDark: Story = {
  args: { annotations: withFiles, onAddImages: fn(), imageChips: picked, onRecord: fn() },
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};
export const ReadOnly: Story = { args: { onAdd: undefined } };
export const WithError: Story = { args: { error: "批注最多 10000 个字符" } };
export const Dark: Story = { globals: { theme: "dark" } };
export const Phone: Story = { globals: { viewport: { value: "phone", isRotated: false } } };

export const WhenTypedAndSubmittedShouldAddIt: Story = {
  name: "when a 批注 is typed and 追加批注 clicked, should add it and empty the box",
  tags: ["!autodocs"],
  play: async ({ canvasElement, userEvent, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByLabelText("追加批注");
    await userEvent.type(box, "  又想到一点  ");
    await userEvent.click(canvas.getByRole("button", { name: "追加批注" }));
    await expect(args.onAdd).toHaveBeenCalledWith("又想到一点");
    await expect(box).toHaveValue("");
  },
};

export const WhenARefusedAnnotationIsRetriedOrDeletedShouldSayWhich: Story = {
  name: "重试或删除未能保存的批注时，应带上它的 id",
  tags: ["!autodocs"],
  args: { annotations: [...annotations, refused] },
  play: async ({ canvasElement, userEvent, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("未能保存：每条想法最多 200 条批注")).toBeVisible();
    await expect(canvas.queryByText("待同步")).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "重试发送这条批注" }));
    await expect(args.onRetry).toHaveBeenCalledWith("a6");
    await userEvent.click(canvas.getByRole("button", { name: "删除这条未保存的批注" }));
    await expect(args.onDelete).toHaveBeenCalledWith("a6");
  },
};

export const WhenAPictureIsPickedShouldHandItOver: Story = {
  name: "选了图片时，应交给应用，上传中不能保存",
  tags: ["!autodocs"],
  args: { onAddImages: fn(), uploading: true },
  play: async ({ canvasElement, userEvent, args }) => {
    const canvas = within(canvasElement);
    const file = new File(["png"], "杯子.png", { type: "image/png" });
    await userEvent.upload(canvas.getByLabelText("添加图片"), file);
    await expect(args.onAddImages).toHaveBeenCalledWith([file]);
    await userEvent.type(canvas.getByLabelText("追加批注"), "配图的批注");
    await expect(canvas.getByRole("button", { name: "追加批注" })).toBeDisabled();
    await expect(canvas.getByText("图片上传中，传完即可保存")).toBeVisible();
  },
};

export const WhenOnlyARecordingIsReadyShouldSaveItAsIs: Story = {
  name: "只有录音时，应以录音的说明保存；录音中不能再点录音",
  tags: ["!autodocs"],
  args: { onRecord: fn(), blankContent: "语音批注" },
  play: async ({ canvasElement, userEvent, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "录音" }));
    await expect(args.onRecord).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole("button", { name: "追加批注" }));
    await expect(args.onAdd).toHaveBeenCalledWith("语音批注");
  },
};
