import { SIMILAR_MIN_CHARS } from "@shinian/contract/constants";
import { IdeaComposer } from "@shinian/ui";
import * as React from "react";
import { useDraft } from "../../hooks/use-draft.ts";
import { lazyPart } from "../../lib/lazy-part.ts";
import type { QueuedFile } from "../capture-queue/queue-store.ts";
import { useVoiceNote } from "../voice/use-voice-note.ts";
import { voiceFile, voiceProps } from "../voice/voice-capture.tsx";
import { takeLegacySending } from "./legacy-sending.ts";
import { uploadChips } from "./upload-chips.tsx";
import { filesOf, useImageUploads } from "./use-image-uploads.ts";

/** The idea's files, in order: uploaded ones by id, the others (offline) as their bytes. */
export type CaptureOptions = { aiExcluded: boolean; files?: QueuedFile[] };

export type ComposerProps = {
  /**
   * Hands the idea to the offline capture queue, which sends it to the server later. Resolves once
   * the queue has kept it on this device (then the draft is dropped), not when the server has it;
   * rejects when it could not be kept (the draft stays).
   */
  queueCapture: (content: string, options: CaptureOptions) => Promise<void>;
  /** Text shared from another app (share target): added to the draft once, then `onSharedTaken`. */
  shared?: string;
  onSharedTaken?: () => void;
  /** 你想过这个's 追加为批注 put a 批注 in the offline queue: time to send it. */
  onAnnotationQueued?: () => void;
};

// The tags marked and suggested as they are typed: loaded with the first `#`, not with 首页.
const TagAssist = React.lazy(() => import("./tag-assist.tsx"));
const SimilarSlot = lazyPart(() => import("./similar-slot.tsx"));
// The picker of links (`[[`, a phone's `@`): loaded with the first of them.
const LinkAssist = React.lazy(() => import("../links/link-assist.tsx"));

const SEPARATOR = "\n\n";
/** The text of an idea that is only a voice note (its recording not turned into words). */
const VOICE_ONLY = "语音记录";

/** The draft once `queued` (the draft as it was saved) is kept elsewhere: what was typed after it. */
const withoutQueued = (draft: string, queued: string) =>
  draft === queued ? "" : draft.startsWith(queued) ? draft.slice(queued.length).replace(/^\n+/, "") : draft;

/**
 * One durability path: the draft keeps the text until the offline capture queue has it, the queue
 * until the server has it, so nothing typed is lost; 不让AI读取 stays with a text left in the box.
 * Pictures and voice notes upload as soon as they exist and live in memory, not in the draft (a
 * reload drops them); offline they go into the capture queue with the idea.
 * The whole path: app/docs/decisions.md, "The composer keeps what was typed".
 */
export function Composer({ queueCapture, shared, onSharedTaken, onAnnotationQueued }: ComposerProps) {
  const [draft, setDraft] = useDraft("composer");
  const [excludedDraft, setExcludedDraft] = useDraft("composer:ai-excluded");
  const aiExcluded = excludedDraft === "1";
  const setAiExcluded = (on: boolean) => setExcludedDraft(on ? "1" : "");
  const latestDraft = React.useRef(draft);
  latestDraft.current = draft;
  const [saving, setSaving] = React.useState(false);
  const images = useImageUploads();
  const voice = useVoiceNote();
  const textarea = React.useRef<HTMLTextAreaElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for what an older version's reload cut short
  React.useEffect(() => {
    const cut = takeLegacySending();
    if (!cut.texts.length) return;
    latestDraft.current = [...cut.texts, latestDraft.current].filter(Boolean).join(SEPARATOR);
    setDraft(latestDraft.current);
    if (cut.aiExcluded) setAiExcluded(true);
  }, []);

  const taken = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (!shared) {
      taken.current = null; // the same text shared again later is taken again
      return;
    }
    if (taken.current === shared) return;
    taken.current = shared;
    latestDraft.current = [latestDraft.current, shared].filter(Boolean).join(SEPARATOR);
    setDraft(latestDraft.current);
    onSharedTaken?.();
  }, [shared, setDraft, onSharedTaken]);

  // One capture at a time, as the disabled button says: a second ⌘Enter before the first is kept
  // would queue its text again, with whatever was typed after it.
  const queuing = React.useRef(false);
  const capture = async (entry: { content: string; aiExcluded: boolean }) => {
    if (queuing.current) return;
    queuing.current = true;
    const saved = latestDraft.current;
    const held = images.take();
    const heldVoice = voice.take();
    const files = [...filesOf(held), ...voiceFile(heldVoice)];
    setSaving(true);
    try {
      await queueCapture(entry.content, {
        aiExcluded: entry.aiExcluded,
        ...(files.length ? { files } : {}),
      });
      latestDraft.current = withoutQueued(latestDraft.current, saved);
      setDraft(latestDraft.current);
      if (!latestDraft.current) setAiExcluded(false);
      images.release(held);
      voice.release(heldVoice);
    } catch {
      images.putBack(held);
      voice.putBack(heldVoice);
    } finally {
      queuing.current = false;
      setSaving(false);
    }
  };

  const transcribe = async () => {
    const text = await voice.transcribe(aiExcluded);
    if (!text) return;
    latestDraft.current = [latestDraft.current, text].filter(Boolean).join(SEPARATOR);
    setDraft(latestDraft.current);
  };

  // 关联: the earlier item's link at the end of the draft, stored by id (issue 33: [[idea:<uuid>]])
  const link = (item: { type: "idea" | "note"; id: string }) => {
    latestDraft.current = `${latestDraft.current.trimEnd()} [[${item.type}:${item.id}]]`;
    setDraft(latestDraft.current);
  };

  // 追加为批注: the draft went under an earlier idea, so the box is empty again
  const annotated = (queued: boolean) => {
    latestDraft.current = "";
    setDraft("");
    if (queued) onAnnotationQueued?.();
  };
  const plainText = !aiExcluded && images.uploads.length === 0 && !voice.note;

  return (
    <>
      <IdeaComposer
        value={draft}
        onValueChange={setDraft}
        aiExcluded={aiExcluded}
        onAiExcludedChange={setAiExcluded}
        onSave={(entry) => void capture(entry)}
        saving={saving}
        onAddImages={images.add}
        uploading={images.uploading || voice.busy}
        uploadingHint={voice.busy ? "录音完成并上传后即可保存" : undefined}
        imageError={images.error}
        {...voiceProps(voice, { aiExcluded, onTranscribe: () => void transcribe(), blank: VOICE_ONLY })}
        images={uploadChips(images.uploads, images.remove)}
        textareaRef={textarea}
        assist={
          <React.Suspense fallback={null}>
            {/[#＃]/.test(draft) ? (
              <TagAssist textarea={textarea} value={draft} onValueChange={setDraft} />
            ) : null}
            {/\[\[|@/.test(draft) ? (
              <LinkAssist textarea={textarea} value={draft} onValueChange={setDraft} />
            ) : null}
          </React.Suspense>
        }
      />
      {[...draft.trim()].length >= SIMILAR_MIN_CHARS ? (
        <React.Suspense fallback={null}>
          <SimilarSlot
            draft={draft}
            aiExcluded={aiExcluded}
            onLink={link}
            onAnnotated={plainText ? annotated : undefined}
          />
        </React.Suspense>
      ) : null}
    </>
  );
}
