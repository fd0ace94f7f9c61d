import { MessageSquarePlus, Mic } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";
import { Button } from "../../primitives/button";
import { Textarea } from "../../primitives/textarea";
import { ImageDropZone } from "../image-drop-zone/image-drop-zone";
import { ImageGrid, type ImageGridImage } from "../image-grid/image-grid";
import { useLinkedText } from "../link-chip/links-context";
import { RefusedAnnotation } from "../refused-annotation/refused-annotation";
import { VoiceNote } from "../voice-note/voice-note";

/**
 * One 批注 under an idea; `pending` while it waits in the offline queue, with `reason` (the
 * server's Chinese message) once the server refused it.
 */
export type AnnotationThreadItem = {
  id: string;
  content: string;
  createdAt: string;
  pending?: boolean;
  reason?: string | undefined;
  /** Its pictures (thumbnails; a saved one opens the image). */
  images?: readonly ImageGridImage[];
  /** Its recording, played in place. */
  recordings?: readonly { id: string; src: string; durationMs?: number | null }[];
};

const beijing = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const formatAnnotationTime = (iso: string) => beijing.format(new Date(iso));

export type AnnotationThreadProps = Omit<React.ComponentProps<"section">, "onSubmit"> & {
  /** Oldest first, as the server lists them. */
  annotations: readonly AnnotationThreadItem[];
  /** Appends a 批注; without it the thread is read-only. */
  onAdd?: (content: string) => void;
  /** The text being written (controlled), e.g. a kept draft; uncontrolled without it. */
  draft?: string;
  onDraftChange?: (draft: string) => void;
  /** A 批注 is being saved: the input waits. */
  adding?: boolean;
  /** Why the last one was not saved, shown under the input. */
  error?: string | undefined;
  /** Focus the input when shown (opened from 追加批注 in a menu). */
  autoFocusInput?: boolean;
  formatTime?: (iso: string) => string;
  /** A refused 批注 sent again, or deleted from this device. */
  onRetry?: (id: string) => void;
  onDelete?: (id: string) => void;
  /** Takes pictures picked, pasted or dropped for the 批注 being written; without it, text only. */
  onAddImages?: (files: File[]) => void;
  /** The picked pictures' chips (ImageUploadChip), shown under the input. */
  imageChips?: React.ReactNode;
  /** Why a picture was not taken. */
  imageError?: React.ReactNode;
  /** A picture or the recording is uploading: saving waits for it. */
  uploading?: boolean;
  /** Why saving waits, while `uploading`. */
  uploadingHint?: string;
  /** Starts a voice recording; without it there is no 录音 button. */
  onRecord?: () => void;
  /** A recording runs or a microphone is being asked for: 录音 waits. */
  recording?: boolean;
  /** The recording strip or the recorded note, shown under the input. */
  voice?: React.ReactNode;
  /** Saved instead of blank text when set (a 批注 that is only a recording); unset, blank text never saves. */
  blankContent?: string;
};

export function AnnotationThread({
  annotations,
  onAdd,
  draft,
  onDraftChange,
  adding = false,
  error,
  autoFocusInput = false,
  formatTime = formatAnnotationTime,
  onRetry,
  onDelete,
  onAddImages,
  imageChips,
  imageError,
  uploading = false,
  uploadingHint = "图片上传中，传完即可保存",
  onRecord,
  recording = false,
  voice,
  blankContent,
  className,
  ...props
}: AnnotationThreadProps) {
  const [own, setOwn] = React.useState("");
  const text = draft ?? own;
  const setText = (value: string) => {
    if (draft === undefined) setOwn(value);
    onDraftChange?.(value);
  };
  const inputId = React.useId();
  // its [[idea:…]] links as chips, as in the idea's own text (where the app gives them)
  const linked = useLinkedText();
  const input = (
    <Textarea
      id={inputId}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSubmitShortcut={() => submit()}
      placeholder="追加批注…（⌘/Ctrl + Enter 保存）"
      minRows={2}
      maxRows={8}
      maxLength={10_000}
      autoFocus={autoFocusInput}
      invalid={Boolean(error)}
    />
  );
  const submit = () => {
    const content = text.trim() || blankContent;
    if (!onAdd || adding || uploading || !content) return;
    onAdd(content);
    setText("");
  };
  return (
    <section
      data-slot="annotation-thread"
      aria-label="批注"
      className={cn("flex min-w-0 flex-col gap-3 text-foreground", className)}
      {...props}
    >
      <h2 className="font-medium text-muted-foreground text-sm">
        批注{annotations.length ? ` · ${annotations.length}` : ""}
      </h2>
      {annotations.length ? (
        <ol className="flex flex-col gap-3 border-border border-l-2 pl-3">
          {annotations.map((a) => (
            <li key={a.id} data-slot="annotation" data-pending={a.pending || undefined} className="min-w-0">
              <div className="flex items-center gap-2 text-muted-foreground text-xs">
                <time dateTime={a.createdAt}>{formatTime(a.createdAt)}</time>
                {a.pending && a.reason === undefined ? (
                  <span data-slot="annotation-pending">待同步</span>
                ) : null}
              </div>
              <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">{linked(a.content)}</p>
              {a.images?.length ? (
                <ImageGrid images={a.images} size="thumb" label="批注的图片" className="mt-2" />
              ) : null}
              {a.recordings?.map((r) => (
                <VoiceNote key={r.id} src={r.src} durationMs={r.durationMs} className="mt-2" />
              ))}
              {a.reason === undefined ? null : (
                <RefusedAnnotation
                  reason={a.reason}
                  onRetry={onRetry && (() => onRetry(a.id))}
                  onDelete={onDelete && (() => onDelete(a.id))}
                />
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-muted-foreground text-sm">还没有批注。过些日子回头看，想到什么就追加一条。</p>
      )}
      {onAdd ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            追加批注
          </label>
          {onAddImages ? (
            <ImageDropZone
              onAddImages={onAddImages}
              images={imageChips}
              imageError={imageError}
              addImageLabel="添加图片"
              hint={uploading ? uploadingHint : undefined}
            >
              {input}
            </ImageDropZone>
          ) : (
            input
          )}
          {error ? (
            <p role="alert" className="text-error text-sm">
              {error}
            </p>
          ) : null}
          {voice}
          <div className="flex justify-end gap-2">
            {onRecord ? (
              <Button type="button" variant="secondary" size="sm" disabled={recording} onClick={onRecord}>
                <Mic aria-hidden />
                录音
              </Button>
            ) : null}
            <Button type="submit" size="sm" disabled={adding || uploading || !(text.trim() || blankContent)}>
              <MessageSquarePlus aria-hidden />
              {adding ? "保存中…" : "追加批注"}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
