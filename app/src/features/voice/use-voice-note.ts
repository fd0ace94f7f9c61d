import type { Attachment } from "@shinian/contract";
import * as React from "react";
import { errorMessage, isAbortError } from "../../api/client.ts";
import { useOnline } from "../../hooks/use-online.ts";
import { outcomeOf } from "../capture-queue/send-outcome.ts";
import { microphoneMessage, type Recording, startRecording } from "./microphone.ts";

// The upload's code loads with the first recording, not with 首页's composer; offline (the
// import fails as the upload would) the recording waits as `queued`.
const attachments = () => import("../../api/attachments.ts");

/** A recording stops by itself after this: five minutes is a long thought, and a short upload. */
export const MAX_RECORDING_MS = 5 * 60_000;

export type VoiceNote = {
  /** An object URL of the recording: it plays before the server has it, and after. */
  preview: string;
  /** The recording as a file, uploaded through the same path as pictures. */
  file: File;
  /** `queued`: offline, or the upload failed on the network; it goes into the capture queue as its bytes. */
  state: "uploading" | "done" | "error" | "queued";
  attachment?: Attachment;
  error?: string;
  /** Its text is in the composer already: it is not asked for twice. */
  transcribed?: boolean;
  /** How long it is, as timed while recording (the server keeps it with the upload). */
  durationMs?: number;
};

type Phase =
  | { kind: "idle" }
  | { kind: "starting" }
  | { kind: "recording"; elapsedMs: number; level: number };

/**
 * The composer's voice note: asks for the microphone, records with a timer and a level meter,
 * uploads the recording as soon as it stops (like a picture), and turns it into text on request.
 * Offline, or when the upload fails on the network, the recording is `queued`, as a picture is: it
 * is saved with the idea through the capture queue, or uploaded here when the connection returns.
 * One recording per idea; a new one replaces it.
 */
export function useVoiceNote() {
  const [phase, setPhase] = React.useState<Phase>({ kind: "idle" });
  const [note, setNote] = React.useState<VoiceNote | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [transcribing, setTranscribing] = React.useState(false);
  const recording = React.useRef<Recording | null>(null);
  const frame = React.useRef(0);
  const startedAt = React.useRef(0);
  const upload = React.useRef<AbortController | null>(null);
  const current = React.useRef<VoiceNote | null>(null);
  current.current = note;
  const online = useOnline();

  const show = (next: VoiceNote | null) => {
    current.current = next;
    setNote(next);
  };
  const patch = (preview: string, change: Partial<VoiceNote>) => {
    if (current.current?.preview !== preview) return; // replaced or removed meanwhile
    show({ ...current.current, ...change });
  };

  const discard = () => {
    upload.current?.abort();
    if (current.current) URL.revokeObjectURL(current.current.preview);
    show(null);
  };

  const stop = async () => {
    const active = recording.current;
    if (!active) return;
    recording.current = null;
    cancelAnimationFrame(frame.current);
    setPhase({ kind: "idle" });
    const durationMs = Math.min(MAX_RECORDING_MS, Math.round(performance.now() - startedAt.current));
    let file: File;
    try {
      file = await active.stop();
    } catch (error) {
      setProblem(microphoneMessage(error));
      return;
    }
    discard();
    const preview = URL.createObjectURL(file);
    show({ preview, file, state: "queued", durationMs });
    if (navigator.onLine) send(preview, file, durationMs);
  };

  const send = (preview: string, file: File, durationMs?: number) => {
    patch(preview, { state: "uploading", error: undefined });
    const abort = new AbortController();
    upload.current = abort;
    attachments()
      .then((m) => m.uploadAttachment(file, { signal: abort.signal, durationMs }))
      .then(
        (attachment) => patch(preview, { state: "done", attachment }),
        (error: unknown) => {
          if (isAbortError(error)) return;
          if (outcomeOf(error).kind === "wait") patch(preview, { state: "queued" });
          else patch(preview, { state: "error", error: errorMessage(error, "录音上传失败") });
        },
      );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the connection returns
  React.useEffect(() => {
    const held = current.current;
    if (online && held?.state === "queued") send(held.preview, held.file, held.durationMs);
  }, [online]);

  const start = async () => {
    if (phase.kind !== "idle") return;
    setProblem(null);
    setPhase({ kind: "starting" });
    try {
      recording.current = await startRecording();
    } catch (error) {
      setPhase({ kind: "idle" });
      setProblem(microphoneMessage(error));
      return;
    }
    startedAt.current = performance.now();
    const tick = () => {
      const active = recording.current;
      if (!active) return;
      const elapsedMs = performance.now() - startedAt.current;
      if (elapsedMs >= MAX_RECORDING_MS) return void stop();
      setPhase({ kind: "recording", elapsedMs, level: active.level() });
      frame.current = requestAnimationFrame(tick);
    };
    tick();
  };

  const cancel = () => {
    cancelAnimationFrame(frame.current);
    recording.current?.cancel();
    recording.current = null;
    setPhase({ kind: "idle" });
  };

  /** The recording's words, or null (the reason is then on the note); the server charges and refunds. */
  const transcribe = async (aiExcluded: boolean): Promise<string | null> => {
    const held = current.current;
    if (!held?.attachment || transcribing) return null;
    setTranscribing(true);
    patch(held.preview, { error: undefined });
    try {
      const { text } = await (await attachments()).transcribeAttachment(held.attachment.id, aiExcluded);
      patch(held.preview, { transcribed: true });
      return text;
    } catch (error) {
      patch(held.preview, { error: errorMessage(error, "语音转文字失败") });
      return null;
    } finally {
      setTranscribing(false);
    }
  };

  /** Empties the composer's note (the idea is being saved), handing it back so a failed save can put it back. */
  const take = () => {
    const held = current.current;
    show(null);
    setProblem(null);
    return held;
  };
  const putBack = (held: VoiceNote | null) => {
    if (held && !current.current) show(held);
  };
  const release = (held: VoiceNote | null) => {
    if (held) URL.revokeObjectURL(held.preview);
  };

  React.useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      recording.current?.cancel();
      upload.current?.abort();
      if (current.current) URL.revokeObjectURL(current.current.preview);
    },
    [],
  );

  return {
    phase,
    note,
    /** Why the microphone could not record (permission denied, no device); gone with the next recording or save. */
    problem,
    /** Closes the problem (its close button, or any next action in the composer). */
    dismissProblem: () => setProblem(null),
    transcribing,
    start,
    stop,
    cancel,
    remove: discard,
    transcribe,
    take,
    putBack,
    release,
    /** Saving waits for these: a recording running or uploading. */
    busy: phase.kind !== "idle" || note?.state === "uploading",
  };
}
