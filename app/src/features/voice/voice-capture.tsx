import * as React from "react";
import type { QueuedFile } from "../capture-queue/queue-store.ts";
import type { useVoiceNote, VoiceNote } from "./use-voice-note.ts";
import { VoiceSlotUnloaded } from "./voice-slot-unloaded.tsx";

// The voice strip (recorder, note, problems): loaded with the first recording, not with the page.
const loadVoiceSlot = () => import("./voice-slot.tsx");
const preloadVoiceSlot = () => void loadVoiceSlot().catch(() => undefined);
const VoiceSlot = React.lazy(() => loadVoiceSlot().catch(() => ({ default: VoiceSlotUnloaded })));

/**
 * What a capture box (the composer, a 批注's) takes of its voice note: 录音, the strip while it
 * records or holds a note, and `blank` as the text of a capture that is only a recording.
 */
export function voiceProps(
  voice: ReturnType<typeof useVoiceNote>,
  o: { aiExcluded: boolean; onTranscribe: () => void; blank: string },
) {
  const busy = voice.phase.kind !== "idle";
  return {
    onRecord: () => {
      preloadVoiceSlot();
      void voice.start();
    },
    recording: busy,
    voice:
      busy || voice.note || voice.problem ? (
        <React.Suspense fallback={null}>
          <VoiceSlot voice={voice} aiExcluded={o.aiExcluded} onTranscribe={o.onTranscribe} />
        </React.Suspense>
      ) : null,
    blankContent: voice.note?.state === "done" || voice.note?.state === "queued" ? o.blank : undefined,
  };
}

/** The recording, in a capture's files after its pictures: by id once uploaded, with its bytes until the capture is saved. */
export const voiceFile = (note: VoiceNote | null): QueuedFile[] =>
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
