import { Square, X } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";
import { formatDuration } from "../../lib/format-duration";
import { Button } from "../../primitives/button";

const BARS = 12;

export type VoiceRecorderProps = React.ComponentProps<"fieldset"> & {
  /** Time recorded so far. */
  elapsedMs: number;
  /** The microphone's loudness now, 0–1 (from an AnalyserNode). */
  level: number;
  /** Shown beside the timer: the longest a recording may run. */
  maxMs?: number;
  /** Ends the recording and keeps it. */
  onStop: () => void;
  /** Ends the recording and throws it away. */
  onCancel: () => void;
  label?: string;
  stopLabel?: string;
  cancelLabel?: string;
  levelLabel?: string;
};

/** The strip shown while the microphone records: a red dot, the timer, a level meter, 完成 and 取消. */
export function VoiceRecorder({
  elapsedMs,
  level,
  maxMs,
  onStop,
  onCancel,
  label = "正在录音",
  stopLabel = "完成录音",
  cancelLabel = "取消录音",
  levelLabel = "音量",
  className,
  ...props
}: VoiceRecorderProps) {
  const lit = Math.round(Math.min(1, Math.max(0, level)) * BARS);
  return (
    <fieldset
      data-slot="voice-recorder"
      data-state="recording"
      aria-label={label}
      className={cn(
        "m-0 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-error/30 bg-error-soft px-3 py-2",
        className,
      )}
      {...props}
    >
      <span aria-hidden className="size-2.5 shrink-0 animate-pulse rounded-full bg-error" />
      <span data-slot="voice-recorder-timer" role="timer" className="shrink-0 text-sm tabular-nums">
        {formatDuration(elapsedMs)}
        {maxMs ? <span className="text-muted-foreground"> / {formatDuration(maxMs)}</span> : null}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: bars drawn one by one, which a <meter> cannot hold */}
      <div
        data-slot="voice-recorder-level"
        role="meter"
        aria-label={levelLabel}
        aria-valuemin={0}
        aria-valuemax={BARS}
        aria-valuenow={lit}
        // On phones the meter takes a row of its own, full width, under the timer and the buttons.
        className="flex h-5 min-w-0 flex-1 items-center gap-0.5 max-md:order-last max-md:h-6 max-md:basis-full max-md:justify-between"
      >
        {Array.from({ length: BARS }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed bars, never reordered
            key={i}
            data-lit={i < lit ? "" : undefined}
            className="h-full max-w-2 flex-1 rounded-sm bg-muted data-lit:bg-error max-md:w-2.5 max-md:max-w-none max-md:flex-none max-md:not-data-lit:bg-error/20"
            style={{ height: `${30 + (i % 4) * 20}%` }}
          />
        ))}
      </div>
      {/* Together: where the row is too short they wrap as one, to the right. */}
      <div className="flex shrink-0 items-center gap-3 max-md:ml-auto max-md:gap-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={cancelLabel}
          title={cancelLabel}
          onClick={onCancel}
          className="max-lg:size-11 max-lg:px-0"
        >
          <X aria-hidden />
        </Button>
        <Button type="button" variant="danger" size="sm" onClick={onStop} className="max-lg:h-11">
          <Square aria-hidden className="fill-current" />
          {stopLabel}
        </Button>
      </div>
    </fieldset>
  );
}
