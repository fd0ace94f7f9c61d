import * as React from "react";
import type { QueuedFile } from "../capture-queue/queue-store.ts";
import type { VoiceNote } from "./use-voice-note.ts";
import { VoiceSlotUnloaded } from "./voice-slot-unloaded.tsx";

// The voice strip (recorder, note, problems): loaded with the first recording, not with the page.
const loadVoiceSlot = () => import("./voice-slot.tsx");
export const preloadVoiceSlot = () => void loadVoiceSlot().catch(() => undefined);
export const VoiceSlot = React.lazy(() => loadVoiceSlot().catch(() => ({ default: VoiceSlotUnloaded })));

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
