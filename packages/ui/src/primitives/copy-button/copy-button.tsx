import { Check, CircleAlert, Copy } from "lucide-react";
import { Button, type ButtonProps } from "../button";
import { type CopyState, useCopyToClipboard } from "./use-copy-to-clipboard";

export type CopyButtonProps = Omit<ButtonProps, "children" | "asChild" | "loading"> & {
  /** The text written to the clipboard. */
  text: string;
  /** Label before copying. */
  label?: string;
  /** Label shown after a successful copy. */
  copiedLabel?: string;
  /** Label shown when the browser refused to copy. */
  failedLabel?: string;
  /** How long the copied / failed label stays before returning to `label`. */
  resetAfterMs?: number;
  /** Called with the text after it reached the clipboard. */
  onCopied?: (text: string) => void;
};

const icons: Record<CopyState, typeof Copy> = { idle: Copy, copied: Check, failed: CircleAlert };
const iconTone: Record<CopyState, string> = { idle: "", copied: "text-success", failed: "text-error" };

export function CopyButton({
  text,
  label = "复制",
  copiedLabel = "已复制",
  failedLabel = "复制失败",
  resetAfterMs = 3000,
  onCopied,
  onClick,
  variant = "secondary",
  size = "sm",
  ...props
}: CopyButtonProps) {
  const { state, copy } = useCopyToClipboard({ resetAfterMs, onCopied });
  const Icon = icons[state];
  const current = { idle: label, copied: copiedLabel, failed: failedLabel }[state];

  return (
    <Button
      data-slot="copy-button"
      data-state={state}
      variant={variant}
      size={size}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) void copy(text);
      }}
      {...props}
    >
      <Icon aria-hidden className={iconTone[state]} />
      <span aria-live="polite">{current}</span>
    </Button>
  );
}
