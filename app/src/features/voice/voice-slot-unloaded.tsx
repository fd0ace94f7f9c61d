import { Button } from "@shinian/ui";
import type { useVoiceNote } from "./use-voice-note.ts";

/**
 * The voice strip when its code could not be fetched (an old tab after a deploy, offline before
 * the service worker has it): a recording under way can still be finished or dropped.
 */
export function VoiceSlotUnloaded({ voice }: { voice: ReturnType<typeof useVoiceNote> }) {
  if (voice.phase.kind !== "recording") {
    return voice.problem ? (
      <p role="alert" className="text-destructive text-sm">
        {voice.problem}
      </p>
    ) : null;
  }
  return (
    <fieldset
      aria-label="正在录音"
      className="m-0 flex min-w-0 flex-wrap items-center gap-2 border-0 p-0 text-sm"
    >
      <span>正在录音…</span>
      <Button size="sm" onClick={() => void voice.stop()}>
        完成录音
      </Button>
      <Button size="sm" variant="ghost" onClick={voice.cancel}>
        取消
      </Button>
    </fieldset>
  );
}
