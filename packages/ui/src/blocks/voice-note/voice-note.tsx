import { cva } from "class-variance-authority";
import { AudioLines, CircleAlert, CloudOff, X } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";
import { formatDuration } from "../../lib/format-duration";
import { type UploadState, uploadStateVariants } from "../../lib/upload-state";
import { Button } from "../../primitives/button";
import { Spinner } from "../../primitives/spinner";

export const voiceNoteVariants = cva("m-0 flex min-w-0 flex-col gap-2 rounded-md bg-muted/40 p-2");

export type VoiceNoteState = UploadState;

export type VoiceNoteProps = React.ComponentProps<"figure"> & {
  /** The recording: a signed URL, or an object URL before the upload ends. */
  src: string;
  /**
   * Its length as the recorder measured it. Without it, the length shows once the player knows it
   * (a WebM from MediaRecorder says none until played through).
   */
  durationMs?: number | null | undefined;
  durationLabel?: string;
  state?: VoiceNoteState;
  /** Takes the recording off the idea (the composer); without it the note only plays. */
  onRemove?: () => void;
  /** Asks for the text; the label says what it costs before anything is spent. */
  onTranscribe?: () => void;
  transcribeLabel?: string;
  transcribing?: boolean;
  /** Why there is no transcription (本地模式, 不让AI读取), shown instead of the button. */
  notice?: React.ReactNode;
  /** Why the upload or the transcription failed. */
  error?: React.ReactNode;
  label?: string;
  /** The player could not load `src` (e.g. a signed URL that expired): the app may give a fresh one. */
  onPlaybackError?: React.ReactEventHandler<HTMLAudioElement>;
  removeLabel?: string;
  uploadingLabel?: string;
  /** Shown on a `queued` recording: kept on this device, it uploads when the connection returns. */
  queuedLabel?: string;
};

/** A voice note: its player, and in the composer the way to turn it into text or take it off. */
export function VoiceNote({
  src,
  durationMs,
  durationLabel = "时长",
  state = "done",
  onRemove,
  onTranscribe,
  transcribeLabel = "转成文字",
  transcribing = false,
  notice,
  error,
  label = "语音",
  onPlaybackError,
  removeLabel = "移除录音",
  uploadingLabel = "录音上传中…",
  queuedLabel = "联网后上传",
  className,
  ...props
}: VoiceNoteProps) {
  const actions = state === "done" && (onTranscribe || notice);
  const [measured, setMeasured] = React.useState<number | null>(null);
  const length = durationMs ?? measured;
  const measure = (event: React.SyntheticEvent<HTMLAudioElement>) => {
    const seconds = event.currentTarget.duration;
    if (Number.isFinite(seconds) && seconds > 0) setMeasured(seconds * 1000);
  };
  return (
    <figure
      data-slot="voice-note"
      data-state={state}
      aria-label={label}
      className={cn(voiceNoteVariants(), uploadStateVariants({ state }), className)}
      {...props}
    >
      <div className="flex items-center gap-2">
        <AudioLines aria-hidden className="size-4 shrink-0 text-primary" />
        {length ? (
          <span
            data-slot="voice-note-duration"
            className="shrink-0 text-muted-foreground text-xs tabular-nums"
          >
            <span className="sr-only">{durationLabel} </span>
            {formatDuration(Math.max(1000, length))}
          </span>
        ) : null}
        {/* biome-ignore lint/a11y/useMediaCaption: a person's own voice note has no captions; its text is the idea */}
        <audio
          controls
          preload="none"
          src={src}
          aria-label={label}
          onError={onPlaybackError}
          onLoadedMetadata={durationMs ? undefined : measure}
          onDurationChange={durationMs ? undefined : measure}
          className="h-9 min-w-0 flex-1"
        />
        {onRemove ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={removeLabel}
            title={removeLabel}
            onClick={onRemove}
          >
            <X aria-hidden />
          </Button>
        ) : null}
      </div>
      {state === "uploading" ? (
        <p className="flex items-center gap-1.5 text-muted-foreground text-xs">
          <Spinner size="sm" label={null} className="size-3" />
          {uploadingLabel}
        </p>
      ) : null}
      {state === "queued" ? (
        <p data-slot="voice-note-queued" className="flex items-center gap-1.5 text-muted-foreground text-xs">
          <CloudOff aria-hidden className="size-3.5 shrink-0 text-warning" />
          {queuedLabel}
        </p>
      ) : null}
      {actions ? (
        <div className="flex flex-wrap items-center gap-2">
          {notice ? (
            <p data-slot="voice-note-notice" className="text-muted-foreground text-xs">
              {notice}
            </p>
          ) : (
            <Button type="button" variant="secondary" size="sm" loading={transcribing} onClick={onTranscribe}>
              {transcribeLabel}
            </Button>
          )}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="flex items-center gap-1 text-error text-xs">
          <CircleAlert aria-hidden className="size-3.5 shrink-0" />
          {error}
        </p>
      ) : null}
    </figure>
  );
}
