import { CircleAlert, X } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";
import { Button } from "../../primitives/button";

export type VoiceRecorderProblemProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** Why the microphone could not record, in words the person can act on. */
  message: React.ReactNode;
  /** Closes it; without it the message only goes with the next action. */
  onDismiss?: () => void;
  dismissLabel?: string;
};

/** Why recording failed (no permission, no microphone), beside the composer, closable. */
export function VoiceRecorderProblem({
  message,
  onDismiss,
  dismissLabel = "关闭提示",
  className,
  ...props
}: VoiceRecorderProblemProps) {
  return (
    <div
      data-slot="voice-recorder-problem"
      role="alert"
      className={cn(
        "flex w-full items-start gap-2 rounded-md border border-error/30 bg-error-soft py-1 pr-1 pl-3 text-error-soft-foreground text-sm leading-relaxed",
        className,
      )}
      {...props}
    >
      <CircleAlert aria-hidden className="mt-2 size-4 shrink-0" />
      <p className="min-w-0 flex-1 py-1.5">{message}</p>
      {onDismiss ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={dismissLabel}
          title={dismissLabel}
          onClick={onDismiss}
          className="shrink-0 text-error-soft-foreground max-lg:size-11 max-lg:px-0"
        >
          <X aria-hidden />
        </Button>
      ) : null}
    </div>
  );
}
