import type { Attachment } from "@shinian/contract";
import { AnnotationThread, type AnnotationThreadItem } from "@shinian/ui";
import { queryOptions, useQuery } from "@tanstack/react-query";
import * as React from "react";
import { fetchAnnotations } from "../../api/item-changes.ts";
import { tokenStore } from "../../auth/token-store.ts";
import { queryClient } from "../../data/query-client.ts";
import { useDraft } from "../../hooks/use-draft.ts";
import { annotationEntry, queueAnnotation } from "../capture-queue/queue-annotation.ts";
import { QueueFullError } from "../capture-queue/queue-limits.ts";
import type { QueuedFile } from "../capture-queue/queue-store.ts";
import { useCaptureQueue } from "../capture-queue/use-capture-queue.ts";
import { useFilePreviews } from "../capture-queue/use-file-previews.ts";
import { uploadChips } from "../home/upload-chips.tsx";
import { filesOf, useImageUploads } from "../home/use-image-uploads.ts";
import { useVoiceNote } from "../voice/use-voice-note.ts";
import { voiceFile, voiceProps } from "../voice/voice-capture.tsx";

export const annotationsQuery = (ideaId: string) =>
  queryOptions({ queryKey: ["ideas", ideaId, "annotations"], queryFn: () => fetchAnnotations(ideaId) });

const noIdea = () => undefined;
/** The text of a 批注 that is only a recording. */
const VOICE_ONLY = "语音批注";

/** A 批注's files as the thread shows them: pictures as thumbnails, the recording as a player. */
const shown = (files: readonly Attachment[]) => ({
  images: files
    .filter((f) => f.kind === "image")
    .map((f, i) => ({ id: f.id, src: f.thumbnailUrl ?? f.url, href: f.url, alt: `批注图片 ${i + 1}` })),
  recordings: files
    .filter((f) => f.kind === "audio")
    .map((f) => ({ id: f.id, src: f.url, durationMs: f.durationMs ?? null })),
});

/** A waiting 批注's pictures, from the bytes kept on this device. */
const waitingImages = (files: readonly QueuedFile[] = [], urls: ReadonlyMap<string, string>) =>
  files.flatMap((f, i) => {
    const src = urls.get(f.key);
    return f.kind === "image" && src ? [{ id: f.key, src, alt: `批注图片 ${i + 1}` }] : [];
  });

/**
 * 批注 under an idea: the thread from the server, then those still in the offline queue (待同步),
 * and 追加批注, which queues the text and its pictures as a capture of its own (sent now when
 * online, else when the network returns) and keeps what is typed as a draft until it is queued.
 */
export function IdeaAnnotations({
  ideaId,
  ideaTitle,
  aiExcluded = false,
  autoFocus = false,
}: {
  ideaId: string;
  /** The idea is marked 不让AI读取: its 批注's recording is never sent to be transcribed. */
  aiExcluded?: boolean;
  /** Kept with a queued 批注, so 首页 can say which idea it waits for. */
  ideaTitle: string;
  autoFocus?: boolean;
}) {
  // the signed-in account, read as the data layer does (no provider needed around the page)
  const userId = tokenStore.get().user?.id;
  const thread = useQuery(annotationsQuery(ideaId));
  const [draft, setDraft] = useDraft(`annotation:${ideaId}`);
  const [error, setError] = React.useState<string | undefined>(undefined);
  const refresh = (id: string) => {
    void queryClient.invalidateQueries({ queryKey: annotationsQuery(id).queryKey });
    // its count, and any #标签 it added
    void queryClient.invalidateQueries({ queryKey: ["ideas", id], exact: true });
  };
  const queue = useCaptureQueue(userId, noIdea, { annotationsOnly: true, onAnnotationSaved: refresh });
  const images = useImageUploads("每条批注");
  const voice = useVoiceNote();
  const annotate = async (content: string, files: QueuedFile[]) => {
    // signed out meanwhile: the catch below puts the text back in the box
    if (!userId) throw new Error("未登录");
    const entry = annotationEntry(userId, { id: ideaId, title: ideaTitle }, content, files);
    if (await queueAnnotation({ ...entry, ideaId })) queue.syncNow();
    else refresh(ideaId);
  };
  // the recording's words join what is being typed, as in the composer
  const latestDraft = React.useRef(draft);
  latestDraft.current = draft;
  const transcribe = async () => {
    const text = await voice.transcribe(aiExcluded);
    // what was typed while it ran is kept: the words go after the draft as it is now
    if (text) setDraft([latestDraft.current.trim(), text].filter(Boolean).join("\n\n"));
  };
  const mine = React.useMemo(
    () => queue.annotations.filter((a) => a.ideaId === ideaId),
    [queue.annotations, ideaId],
  );
  const previews = useFilePreviews(mine);
  const saved = (thread.data ?? []).map((a) => ({ ...a, ...shown(a.attachments ?? []) }));
  const waiting: AnnotationThreadItem[] = mine.map((a) => ({
    id: a.clientId,
    content: a.content,
    createdAt: a.capturedAt,
    pending: true,
    reason: a.state === "refused" ? (a.reason ?? "") : undefined,
    images: waitingImages(a.files, previews),
  }));
  return (
    <AnnotationThread
      annotations={[...saved, ...waiting]}
      onAddImages={images.add}
      imageChips={uploadChips(images.uploads, images.remove)}
      imageError={images.error}
      uploading={images.uploading || voice.busy}
      uploadingHint={voice.busy ? "录音完成并上传后即可保存" : "图片上传中，传完即可保存"}
      {...voiceProps(voice, { aiExcluded, onTranscribe: () => void transcribe(), blank: VOICE_ONLY })}
      draft={draft}
      onDraftChange={(value) => {
        setError(undefined);
        setDraft(value);
      }}
      autoFocusInput={autoFocus}
      onRetry={(id) => void queue.retry(id)}
      onDelete={(id) => void queue.remove(id)}
      error={error}
      onAdd={(content) => {
        const held = images.take();
        const heldVoice = voice.take();
        annotate(content, [...filesOf(held), ...voiceFile(heldVoice)])
          .then(() => {
            images.release(held);
            voice.release(heldVoice);
          })
          .catch((e: unknown) => {
            setDraft(content === VOICE_ONLY ? "" : content);
            images.putBack(held);
            voice.putBack(heldVoice);
            setError(e instanceof QueueFullError ? e.message : "无法在本机保存，草稿已保留");
          });
      }}
    />
  );
}
