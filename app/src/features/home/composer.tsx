import { IdeaComposer } from "@shinian/ui";
import * as React from "react";
import { useDraft } from "../../hooks/use-draft.ts";
import type { QueuedFile } from "../capture-queue/queue-store.ts";
import { useVoiceNote, type VoiceNote } from "../voice/use-voice-note.ts";
import { VoiceSlot } from "../voice/voice-slot.tsx";
import { uploadChips } from "./upload-chips.tsx";
import { filesOf, useImageUploads } from "./use-image-uploads.ts";

type Capture = { content: string; aiExcluded: boolean };
/** The idea's files, in order: uploaded ones by id, the others (offline) as their bytes. */
export type CaptureOptions = { aiExcluded: boolean; files?: QueuedFile[] };

export type ComposerProps = {
  /** Saves the text; resolves once the server has it (then the draft is dropped). */
  onCapture: (content: string, options: CaptureOptions) => Promise<void>;
  /** Text shared from another app (share target): added to the draft once, then `onSharedTaken`. */
  shared?: string;
  onSharedTaken?: () => void;
};

// The tags marked and suggested as they are typed: loaded with the first `#`, not with 首页.
const TagAssist = React.lazy(() => import("./tag-assist.tsx"));

const SEPARATOR = "\n\n";
/** The text of an idea that is only a voice note (its recording not turned into words). */
const VOICE_ONLY = "语音记录";

/** The texts being sent, as stored; a plain string is an entry kept before 不让AI读取 existed. */
const parseSending = (stored: string): Capture[] => {
  try {
    const list: unknown = JSON.parse(stored || "[]");
    if (!Array.isArray(list)) return [];
    return list.flatMap((entry): Capture[] => {
      if (typeof entry === "string") return [{ content: entry, aiExcluded: false }];
      const { content, aiExcluded } = (entry ?? {}) as Partial<Capture>;
      return typeof content === "string" ? [{ content, aiExcluded: aiExcluded === true }] : [];
    });
  } catch {
    return [];
  }
};

/** The recording, in the idea's files after its pictures: by id once uploaded, with its bytes until the idea is saved. */
const voiceFile = (note: VoiceNote | null): QueuedFile[] =>
  note
    ? [
        {
          key: note.preview,
          kind: "audio",
          name: note.file.name,
          contentType: note.file.type,
          size: note.file.size,
          blob: note.file,
          ...(note.durationMs ? { durationMs: note.durationMs } : {}),
          ...(note.attachment ? { attachmentId: note.attachment.id } : {}),
        },
      ]
    : [];

/**
 * The box empties at once, so the next thought can be typed while the last one saves; until the
 * server has it, the text stays in a second draft, the list of texts being sent. A failed save
 * puts it back in the box, and so does a reload that cut a save short: nothing typed is lost.
 * 不让AI读取 is kept with the draft and comes back with a text put back, so a retry never sends
 * to the AI what was marked private.
 * Pictures upload as soon as they are added and are kept in memory only, not in the draft: a
 * reload drops them (the server deletes unattached uploads after a day). A failed save puts them
 * back with the text. Offline, they wait as `queued` and go into the capture queue with the idea.
 * A voice note goes the same way: uploaded when the recording stops (queued as its bytes when that
 * has not succeeded), its text asked for only when the person presses the button that says what it costs.
 */
export function Composer({ onCapture, shared, onSharedTaken }: ComposerProps) {
  const [draft, setDraft] = useDraft("composer");
  const [excludedDraft, setExcludedDraft] = useDraft("composer:ai-excluded");
  const aiExcluded = excludedDraft === "1";
  const setAiExcluded = (on: boolean) => setExcludedDraft(on ? "1" : "");
  const [stored, setStored] = useDraft("composer:sending");
  const latestDraft = React.useRef(draft);
  latestDraft.current = draft;
  // the texts in flight; the ref is the truth (saves may end between two renders)
  const sending = React.useRef<Capture[] | null>(null);
  sending.current ??= parseSending(stored);
  const [pending, setPending] = React.useState(0);
  const images = useImageUploads();
  const voice = useVoiceNote();
  const textarea = React.useRef<HTMLTextAreaElement>(null);

  const track = (change: (list: Capture[]) => Capture[]) => {
    sending.current = change(sending.current ?? []);
    setStored(sending.current.length ? JSON.stringify(sending.current) : "");
  };
  const putBack = ({ content, aiExcluded: excluded }: Capture) => {
    latestDraft.current = [content, latestDraft.current].filter(Boolean).join(SEPARATOR);
    setDraft(latestDraft.current);
    if (excluded) setAiExcluded(true);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for what a reload cut short
  React.useEffect(() => {
    const cut = sending.current ?? [];
    if (!cut.length) return;
    track(() => []);
    for (const entry of cut.reverse()) putBack(entry);
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

  const capture = async (entry: Capture) => {
    latestDraft.current = "";
    setDraft("");
    setAiExcluded(false);
    const held = images.take();
    const heldVoice = voice.take();
    const files = [...filesOf(held), ...voiceFile(heldVoice)];
    track((list) => [...list, entry]);
    setPending((n) => n + 1);
    try {
      await onCapture(entry.content, {
        aiExcluded: entry.aiExcluded,
        ...(files.length ? { files } : {}),
      });
      images.release(held);
      voice.release(heldVoice);
    } catch {
      putBack(entry);
      images.putBack(held);
      voice.putBack(heldVoice);
    } finally {
      // one entry only: the same words may be in flight twice
      track((list) => {
        const at = list.findIndex((e) => e.content === entry.content && e.aiExcluded === entry.aiExcluded);
        return at < 0 ? list : [...list.slice(0, at), ...list.slice(at + 1)];
      });
      setPending((n) => n - 1);
    }
  };

  const transcribe = async () => {
    const text = await voice.transcribe(aiExcluded);
    if (!text) return;
    latestDraft.current = [latestDraft.current, text].filter(Boolean).join(SEPARATOR);
    setDraft(latestDraft.current);
  };

  return (
    <IdeaComposer
      value={draft}
      onValueChange={setDraft}
      aiExcluded={aiExcluded}
      onAiExcludedChange={setAiExcluded}
      onSave={(entry) => void capture(entry)}
      saving={pending > 0}
      onAddImages={images.add}
      uploading={images.uploading || voice.busy}
      uploadingHint={voice.busy ? "录音完成并上传后即可保存" : undefined}
      imageError={images.error}
      onRecord={() => void voice.start()}
      recording={voice.phase.kind !== "idle"}
      voice={<VoiceSlot voice={voice} aiExcluded={aiExcluded} onTranscribe={() => void transcribe()} />}
      blankContent={voice.note?.state === "done" || voice.note?.state === "queued" ? VOICE_ONLY : undefined}
      images={uploadChips(images.uploads, images.remove)}
      textareaRef={textarea}
      assist={
        /[#＃]/.test(draft) ? (
          <React.Suspense fallback={null}>
            <TagAssist textarea={textarea} value={draft} onValueChange={setDraft} />
          </React.Suspense>
        ) : null
      }
    />
  );
}
