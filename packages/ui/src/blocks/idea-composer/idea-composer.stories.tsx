import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, type within } from "storybook/test";
import { sampleImages } from "../image-grid/sample-images";
import { ImageUploadChip } from "../image-upload-chip";
import { TagAssist } from "../tag-assist";
import { sampleMarks, sampleQueryAt, sampleSuggest } from "../tag-assist/sample-tags";
import { VoiceRecorder } from "../voice-recorder";
import { IdeaComposer, type IdeaComposerProps } from "./idea-composer";

/** The composer as 首页 holds it: the text and the tick are the parent's, and a save empties both. */
function Stateful({ value: firstValue, aiExcluded: firstExcluded, onSave, ...args }: IdeaComposerProps) {
  const [value, setValue] = React.useState(firstValue);
  const [aiExcluded, setAiExcluded] = React.useState(firstExcluded);
  return (
    <IdeaComposer
      {...args}
      value={value}
      onValueChange={setValue}
      aiExcluded={aiExcluded}
      onAiExcludedChange={setAiExcluded}
      onSave={(idea) => {
        onSave(idea);
        setValue("");
        setAiExcluded(false);
      }}
    />
  );
}

/** As 首页 holds it once a `#` is typed: the tags marked, the person's tags under a `#` being typed. */
function WithTagAssist({ value: firstValue, ...args }: IdeaComposerProps) {
  const [value, setValue] = React.useState(firstValue);
  const ref = React.useRef<HTMLTextAreaElement>(null);
  return (
    <IdeaComposer
      {...args}
      value={value}
      onValueChange={setValue}
      textareaRef={ref}
      assist={
        <TagAssist
          textarea={ref}
          value={value}
          marks={sampleMarks(value)}
          queryAt={sampleQueryAt}
          suggest={sampleSuggest}
          onValueChange={setValue}
        />
      }
    />
  );
}

/** Typing lands at the end of the text, as after typing it. */
const focusAtEnd = async ({ canvas }: { canvas: ReturnType<typeof within> }) => {
  const box = canvas.getByRole("textbox", { name: "记录一个想法" }) as HTMLTextAreaElement;
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
  box.dispatchEvent(new Event("select"));
  await expect(await canvas.findByRole("listbox", { name: "标签建议" })).toBeVisible();
};

const meta = {
  title: "组件/IdeaComposer 记录想法",
  component: IdeaComposer,
  args: {
    value: "",
    aiExcluded: false,
    onValueChange: fn(),
    onAiExcludedChange: fn(),
    onSave: fn(),
  },
  decorators: [
    (Story) => (
      <div className="w-[min(720px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof IdeaComposer>;

export default meta;
type Story = StoryObj<typeof meta>;

const text = "周末去看摄影展，顺便想想那个关于城市光影的系列";

export const Empty: Story = {};
export const WithText: Story = { args: { value: text } };
export const AiExcluded: Story = {
  args: { value: "给妈妈的生日礼物：她提过想要一条羊绒围巾", aiExcluded: true },
};
export const Saving: Story = { args: { saving: true } };
/** Pictures pasted or picked: one uploaded, one on its way (保存 waits), one refused by the server. */
export const WithImages: Story = {
  args: {
    value: "白板上的讨论，拍下来回头整理",
    onAddImages: fn(),
    uploading: true,
    imageError: "不支持这种文件，请上传 PNG、JPEG、WebP 或 GIF 图片",
    images: (
      <>
        <ImageUploadChip src={sampleImages[0] ?? ""} alt="白板.png" state="done" onRemove={fn()} />
        <ImageUploadChip
          src={sampleImages[1] ?? ""}
          alt="便签.jpg"
          state="uploading"
          progress={60}
          onRemove={fn()}
        />
        <ImageUploadChip
          src={sampleImages[2] ?? ""}
          alt="文档.pdf"
          state="error"
          error="不支持的类型"
          onRemove={fn()}
        />
      </>
    ),
  },
};
export const WithImagesOnPhoneDark: Story = {
  args: WithImages.args,
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};
/** Recording on a phone: the strip with its timer and level meter above the text's buttons. */
export const RecordingOnPhone: Story = {
  args: {
    onRecord: fn(),
    onAddImages: fn(),
    recording: true,
    voice: <VoiceRecorder elapsedMs={8_000} level={0.4} maxMs={300_000} onStop={fn()} onCancel={fn()} />,
  },
  globals: { viewport: { value: "phone", isRotated: false } },
};
export const AiExcludedOnPhone: Story = {
  args: AiExcluded.args,
  globals: { viewport: { value: "phone", isRotated: false } },
};

/** Tags typed after Chinese punctuation are marked, and a `#` being typed lists the person's tags. */
export const WithTags: Story = {
  decorators: [
    (Story) => (
      <div className="pb-72">
        <Story />
      </div>
    ),
  ],
  args: { value: "新买的鞋，跑起来像小火车。#跑步 周末再去看展（#摄影）。#" },
  render: (args) => <WithTagAssist {...args} />,
  play: focusAtEnd,
};
export const WithTagsOnPhoneDark: Story = {
  decorators: [
    (Story) => (
      <div className="pb-72">
        <Story />
      </div>
    ),
  ],
  args: { value: "今晚读完了。#读书 明天写读后感，#yd" },
  render: (args) => <WithTagAssist {...args} />,
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
  play: focusAtEnd,
};

export const WhenATagSuggestionIsPickedShouldSaveTheTextWithIt: Story = {
  name: "选中一个标签建议后保存，应连同该标签一起保存",
  tags: ["!autodocs"],
  args: { value: "跑了五公里。" },
  render: (args) => <WithTagAssist {...args} />,
  play: async ({ canvas, userEvent, args }) => {
    const box = canvas.getByRole("textbox", { name: "记录一个想法" });
    await userEvent.click(box);
    await userEvent.keyboard("{End}#pb");
    await userEvent.click(await canvas.findByRole("option", { name: /跑步/ }));
    await userEvent.keyboard("{Control>}{Enter}{/Control}");
    await expect(args.onSave).toHaveBeenCalledWith({ content: "跑了五公里。#跑步", aiExcluded: false });
  },
};

export const OnASmallPhoneEveryTapTargetShouldBeAtLeast44Pixels: Story = {
  name: "小屏手机上，每个点按区域应至少 44×44px",
  tags: ["!autodocs"],
  args: {
    ...RecordingOnPhone.args,
    value: text,
    images: <ImageUploadChip src={sampleImages[0] ?? ""} alt="白板.png" state="done" onRemove={fn()} />,
  },
  globals: { viewport: { value: "phoneSmall", isRotated: false } },
  play: async ({ canvas }) => {
    const targets = {
      录音: canvas.getByRole("button", { name: "录音" }),
      添加图片: canvas.getByRole("button", { name: "添加图片" }),
      不让AI读取: canvas.getByRole("checkbox", { name: "不让AI读取" }).closest("label")!,
      保存: canvas.getByRole("button", { name: "保存" }),
      完成录音: canvas.getByRole("button", { name: "完成录音" }),
      取消录音: canvas.getByRole("button", { name: "取消录音" }),
      移除图片: canvas.getByRole("button", { name: "移除图片" }),
    };
    for (const [name, el] of Object.entries(targets)) {
      const { width, height } = el.getBoundingClientRect();
      await expect({ name, width: width >= 44, height: height >= 44 }).toEqual({
        name,
        width: true,
        height: true,
      });
    }
    const meter = canvas.getByRole("meter", { name: "音量" }).getBoundingClientRect();
    await expect(meter.width).toBeGreaterThanOrEqual(200);
  },
};

export const WhenNotForAiIsTickedShouldSaveWithItAndThenClearIt: Story = {
  name: "勾选不让AI读取后保存，应带着这一选择保存，随后复原",
  tags: ["!autodocs"],
  args: { value: text },
  play: async ({ canvas, userEvent, args }) => {
    const box = canvas.getByRole("checkbox", { name: "不让AI读取" });
    await userEvent.click(box);
    await expect(box).toBeChecked();
    await expect(canvas.getByText("保存后不会发送给 AI，也不会自动整理")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "保存" }));
    await expect(args.onSave).toHaveBeenCalledTimes(1);
    await expect(args.onSave).toHaveBeenCalledWith({ content: text, aiExcluded: true });
    await expect(box).not.toBeChecked();
    await expect(canvas.getByRole("textbox", { name: "记录一个想法" })).toHaveValue("");
  },
};

export const WhenCtrlEnterIsPressedOnBlankTextShouldNotSave: Story = {
  name: "文字为空时按 Ctrl+Enter，不应保存",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(
      canvas.getByRole("textbox", { name: "记录一个想法" }),
      "   {Control>}{Enter}{/Control}",
    );
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const WhenAnImageIsPastedShouldHandTheFileOver: Story = {
  tags: ["!autodocs"],
  args: { onAddImages: fn() },
  play: async ({ canvas, args }) => {
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "截图.png", { type: "image/png" });
    const data = new DataTransfer();
    data.items.add(file);
    const box = canvas.getByRole("textbox", { name: "记录一个想法" });
    box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    await expect(args.onAddImages).toHaveBeenCalledWith([file]);
    await expect(canvas.getByRole("button", { name: "添加图片" })).toBeEnabled();
  },
};

export const WhenOnlyAVoiceNoteIsThereShouldSaveItWithItsBlankContent: Story = {
  tags: ["!autodocs"],
  args: { onRecord: fn(), blankContent: "语音记录" },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "录音" }));
    await expect(args.onRecord).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole("button", { name: "保存" }));
    await expect(args.onSave).toHaveBeenCalledWith({ content: "语音记录", aiExcluded: false });
  },
};
