import type { Attachment } from "@shinian/contract";
import { Field, ImageDropZone, MarkdownView, Textarea } from "@shinian/ui";
import * as React from "react";
import { uploadChips } from "../home/upload-chips.tsx";
import { useNoteImages } from "./use-note-images.ts";

// The picker of links (`[[`, a phone's `@`): loaded with the first of them.
const LinkAssist = React.lazy(() => import("../links/link-assist.tsx"));

type NoteContentEditorProps = {
  value: string;
  onValueChange: (value: string) => void;
  onSubmitShortcut: () => void;
  /** The note's files as last read, with fresh signed URLs. */
  attachments: Attachment[];
  /** Pictures are still uploading: saving waits for them. */
  onUploadingChange: (uploading: boolean) => void;
  /** The note's id: not offered as a link to itself. */
  noteId?: string;
};

/** A note's Markdown with its pictures (pasted, dropped, picked or taken) and the preview. */
export function NoteContentEditor({
  value,
  onValueChange,
  onSubmitShortcut,
  attachments,
  onUploadingChange,
  noteId,
}: NoteContentEditorProps) {
  const box = React.useRef<HTMLTextAreaElement>(null);
  const current = React.useRef(value);
  current.current = value;
  // A picture goes in where the cursor is (the box keeps its selection while a button has focus),
  // as a paragraph of its own, so it shows as a block and not on the line of the text before it.
  const insert = (markdown: string) => {
    const text = current.current;
    const at = Math.min(box.current?.selectionEnd ?? text.length, text.length);
    const before = text.slice(0, at);
    const after = text.slice(at);
    const gapBefore = !before || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
    const gapAfter = after.startsWith("\n\n") ? "" : after.startsWith("\n") || !after ? "\n" : "\n\n";
    const block = gapBefore + markdown + gapAfter;
    const next = before + block + after;
    current.current = next;
    onValueChange(next);
    const caret = before.length + block.length;
    requestAnimationFrame(() => box.current?.setSelectionRange(caret, caret));
  };
  const images = useNoteImages(insert);
  React.useEffect(() => onUploadingChange(images.uploading), [images.uploading, onUploadingChange]);
  const urls = React.useMemo(
    () => ({ ...Object.fromEntries(attachments.map((a) => [a.id, a.url])), ...images.uploaded }),
    [attachments, images.uploaded],
  );
  return (
    <>
      <ImageDropZone
        onAddImages={images.add}
        hint={images.uploading ? "图片上传中，传完即可保存" : "也可以粘贴或拖入图片"}
        imageError={images.error}
        images={uploadChips(images.uploads, images.remove)}
      >
        <Field label="内容（Markdown）">
          {(control) => (
            <div className="relative">
              <Textarea
                {...control}
                ref={box}
                minRows={8}
                maxRows={24}
                value={value}
                onChange={(e) => onValueChange(e.target.value)}
                onSubmitShortcut={onSubmitShortcut}
              />
              {/\[\[|@/.test(value) ? (
                <React.Suspense fallback={null}>
                  <LinkAssist textarea={box} value={value} onValueChange={onValueChange} exclude={noteId} />
                </React.Suspense>
              ) : null}
            </div>
          )}
        </Field>
      </ImageDropZone>
      <section aria-label="预览" className="rounded-md border border-border bg-background p-4">
        <h2 className="mb-2 text-muted-foreground text-xs">预览</h2>
        <MarkdownView source={value} images={urls} />
      </section>
    </>
  );
}
