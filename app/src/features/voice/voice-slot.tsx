import { VoiceNote, VoiceRecorder, VoiceRecorderProblem } from "@shinian/ui";
import * as React from "react";
import { useAiInfo } from "../chat/use-ai-info.ts";
import { MAX_RECORDING_MS, type useVoiceNote } from "./use-voice-note.ts";

type Voice = ReturnType<typeof useVoiceNote>;
type VoiceSlotProps = { voice: Voice; aiExcluded: boolean; onTranscribe: () => void };

/** What the composer shows of its voice note: the recording strip, the note, or why the microphone failed. */
export default function VoiceSlot({ voice, aiExcluded, onTranscribe }: VoiceSlotProps) {
  const { phase, note, problem } = voice;
  if (phase.kind === "recording") {
    return (
      <VoiceRecorder
        elapsedMs={phase.elapsedMs}
        level={phase.level}
        maxMs={MAX_RECORDING_MS}
        onStop={() => void voice.stop()}
        onCancel={voice.cancel}
      />
    );
  }
  if (note) return <RecordedNote voice={voice} aiExcluded={aiExcluded} onTranscribe={onTranscribe} />;
  return problem ? <Problem message={problem} onDismiss={voice.dismissProblem} /> : null;
}

/**
 * Why the microphone failed: closable, and gone with the next action in the composer (typing, a
 * picture, saving, another try), which it watches itself, so the composer needs to know nothing of it.
 */
function Problem({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  const box = React.useRef<HTMLDivElement>(null);
  const dismiss = React.useRef(onDismiss);
  dismiss.current = onDismiss;
  React.useEffect(() => {
    const composer = box.current?.closest('[data-slot="idea-composer"]');
    if (!composer) return;
    const next = (event: Event) => {
      if (!box.current?.contains(event.target as Node)) dismiss.current();
    };
    composer.addEventListener("input", next, true);
    composer.addEventListener("click", next, true);
    return () => {
      composer.removeEventListener("input", next, true);
      composer.removeEventListener("click", next, true);
    };
  }, []);
  return <VoiceRecorderProblem ref={box} message={message} onDismiss={onDismiss} />;
}

/**
 * The recording, with what its text costs before anything is spent. The AI mode is asked for
 * only once there is a recording (GET /api/ai/status, shared by every screen of the page); until
 * it answers the button shows, and the server says why if it cannot transcribe.
 */
function RecordedNote({ voice, aiExcluded, onTranscribe }: VoiceSlotProps) {
  const { info } = useAiInfo();
  const note = voice.note!;
  const notice = aiExcluded
    ? "已勾选不让AI读取：录音只保存为音频，不会转成文字"
    : info && !info.transcribeAvailable
      ? "本地模式：服务器没有配置语音转文字，录音只保存为音频"
      : note.transcribed
        ? "文字已填入上方，可修改后保存"
        : undefined;
  const cost = info?.costs.transcribe;
  return (
    <VoiceNote
      src={note.preview}
      durationMs={note.durationMs}
      state={note.state}
      error={note.error}
      notice={notice}
      onTranscribe={onTranscribe}
      transcribing={voice.transcribing}
      transcribeLabel={cost === undefined ? "转成文字" : `转成文字（消耗 ${cost} 点）`}
      onRemove={voice.remove}
    />
  );
}
