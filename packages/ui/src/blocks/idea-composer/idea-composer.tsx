import { ImagePlus, Mic } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";
import { useFileDrop } from "../../lib/use-file-drop";
import { Button } from "../../primitives/button";
import { Card } from "../../primitives/card";
import { Checkbox } from "../../primitives/checkbox";
import { Textarea } from "../../primitives/textarea";

// Below 1024 px (touch screens) every control is a 44 px tap target; from 1024 px the compact row.
const iconTap = "max-lg:size-11 max-lg:px-0";

export type IdeaComposerProps = Omit<React.ComponentProps<"div">, "onChange"> & {
  /** The text being written; pair with `onValueChange`. */
  value: string;
  onValueChange: (value: string) => void;
  /** 不让AI读取 for the idea about to be saved: never sent to a model, not tidied. */
  aiExcluded: boolean;
  onAiExcludedChange: (aiExcluded: boolean) => void;
  /** ⌘/Ctrl+Enter or the save button, with the trimmed text; never with blank text. */
  onSave: (idea: { content: string; aiExcluded: boolean }) => void;
  /** Saves are on their way: the button shows a spinner (typing goes on). */
  saving?: boolean;
  /** Small line beside the buttons. */
  hint?: React.ReactNode;
  /** Replaces `hint` while 不让AI读取 is ticked. */
  aiExcludedHint?: React.ReactNode;
  placeholder?: string;
  inputLabel?: string;
  aiExcludedLabel?: string;
  saveLabel?: string;
  maxLength?: number;
  /** Takes pictures pasted, dropped or picked; without it the composer is text only. */
  onAddImages?: (files: File[]) => void;
  /** The pictures being added (ImageUploadChip), shown under the text. */
  images?: React.ReactNode;
  /** Why a picture was not taken (too many, refused by the server). */
  imageError?: React.ReactNode;
  /** Pictures still uploading: saving waits for them. */
  uploading?: boolean;
  addImageLabel?: string;
  /** Replaces `hint` while pictures upload (saving waits for them). */
  uploadingHint?: React.ReactNode;
  /** Starts a voice recording; without it there is no microphone button. */
  onRecord?: () => void;
  /** The recording strip (VoiceRecorder) or the recorded note (VoiceNote), shown above the pictures. */
  voice?: React.ReactNode;
  /** A recording runs or a microphone is being asked for: the microphone button waits. */
  recording?: boolean;
  recordLabel?: string;
  /** Saved instead of blank text when set (an idea that is only a voice note); unset, blank text never saves. */
  blankContent?: string;
  /** The text box, for what works on it from `assist`. */
  textareaRef?: React.Ref<HTMLTextAreaElement>;
  /** Drawn over the text box, in its box (TagAssist: the tags marked, suggestions under a `#`). */
  assist?: React.ReactNode;
};

/** The keyboard shortcut says nothing on a touch screen: it is left out there. */
const defaultHint = (
  <>
    <span className="[@media(hover:none),(pointer:coarse)]:hidden">⌘/Ctrl+Enter 保存 · </span>
    草稿自动保存在本机
  </>
);

/** The capture box of 首页: the text, 不让AI读取 for this idea, and 保存. */
export function IdeaComposer({
  value,
  onValueChange,
  aiExcluded,
  onAiExcludedChange,
  onSave,
  saving = false,
  hint = defaultHint,
  aiExcludedHint = "保存后不会发送给 AI，也不会自动整理",
  placeholder = "记录一个想法…",
  inputLabel = "记录一个想法",
  aiExcludedLabel = "不让AI读取",
  saveLabel = "保存",
  maxLength = 10_000,
  onAddImages,
  images,
  imageError,
  uploading = false,
  addImageLabel = "添加图片",
  uploadingHint = "图片上传中，传完即可保存",
  onRecord,
  voice,
  recording = false,
  recordLabel = "录音",
  blankContent,
  textareaRef,
  assist,
  className,
  ...props
}: IdeaComposerProps) {
  const picker = React.useRef<HTMLInputElement>(null);
  const save = () => {
    const content = value.trim() || blankContent;
    if (content && !uploading) onSave({ content, aiExcluded });
  };
  const take = (files: FileList | null | undefined) => {
    const list = Array.from(files ?? []);
    if (list.length && onAddImages) onAddImages(list);
    return list.length > 0;
  };
  const drop = useFileDrop(take);
  const dragging = onAddImages ? drop.dragging : false;
  const imageHandlers = onAddImages ? drop.handlers : {};
  return (
    <Card
      data-slot="idea-composer"
      data-state={aiExcluded ? "ai-excluded" : "default"}
      data-drag={dragging ? "over" : undefined}
      className={cn("p-4 data-[drag=over]:ring-2 data-[drag=over]:ring-primary", className)}
      {...imageHandlers}
      {...props}
    >
      <div data-slot="idea-composer-text" className="relative">
        <Textarea
          ref={textareaRef}
          aria-label={inputLabel}
          placeholder={placeholder}
          minRows={3}
          maxLength={maxLength}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          onSubmitShortcut={save}
        />
        {assist}
      </div>
      {voice ? (
        <div data-slot="idea-composer-voice" className="mt-3">
          {voice}
        </div>
      ) : null}
      {images ? (
        <div data-slot="idea-composer-images" className="mt-3 flex flex-wrap gap-2">
          {images}
        </div>
      ) : null}
      {imageError ? (
        <p data-slot="idea-composer-image-error" role="alert" className="mt-2 text-error text-xs">
          {imageError}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <span
          data-slot="idea-composer-hint"
          className={cn(
            "min-w-0 flex-1 basis-full text-xs sm:basis-0",
            aiExcluded ? "text-foreground" : "text-muted-foreground",
          )}
        >
          {uploading ? uploadingHint : aiExcluded ? aiExcludedHint : hint}
        </span>
        <div className="ml-auto flex shrink-0 items-center gap-4 max-lg:gap-1">
          {onRecord ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={recordLabel}
              title={recordLabel}
              disabled={recording}
              onClick={onRecord}
              className={iconTap}
            >
              <Mic aria-hidden className="size-4" />
            </Button>
          ) : null}
          {onAddImages ? (
            <>
              <input
                ref={picker}
                type="file"
                accept="image/*"
                multiple
                hidden
                aria-label={addImageLabel}
                onChange={(e) => {
                  take(e.target.files);
                  e.target.value = "";
                }}
              />
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={addImageLabel}
                title={addImageLabel}
                onClick={() => picker.current?.click()}
                className={iconTap}
              >
                <ImagePlus aria-hidden className="size-4" />
              </Button>
            </>
          ) : null}
          <Checkbox
            data-slot="idea-composer-ai-excluded"
            checked={aiExcluded}
            onChange={(e) => onAiExcludedChange(e.target.checked)}
            className="max-lg:min-h-11 max-lg:items-center"
          >
            {aiExcludedLabel}
          </Checkbox>
          <Button
            onClick={save}
            loading={saving}
            disabled={!(value.trim() || blankContent) || uploading}
            className="max-lg:h-11"
          >
            {saveLabel}
          </Button>
        </div>
      </div>
    </Card>
  );
}
