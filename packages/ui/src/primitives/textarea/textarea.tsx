import { useComposedRefs } from "@radix-ui/react-compose-refs";
import { cva } from "class-variance-authority";
import * as React from "react";
import { autosizeHeight } from "../../lib/autosize";
import { cn } from "../../lib/cn";
import { isImeComposing } from "../../lib/ime";

export const textareaVariants = cva(
  "flex w-full min-w-0 resize-none rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60 aria-[invalid=true]:border-error aria-[invalid=true]:focus-visible:ring-error/30",
);

export type TextareaProps = React.ComponentProps<"textarea"> & {
  /** Marks the value as wrong: red border and `aria-invalid`. */
  invalid?: boolean;
  /** Fewest visible lines; the box never shrinks below this. */
  minRows?: number;
  /** Most visible lines before the box stops growing and scrolls. */
  maxRows?: number;
  /** Called with the current text on ⌘+Enter / Ctrl+Enter (never during IME composition). */
  onSubmitShortcut?: (value: string) => void;
};

function resize(el: HTMLTextAreaElement, minRows: number, maxRows: number) {
  const style = getComputedStyle(el);
  const px = (v: string) => Number.parseFloat(v) || 0;
  const lineHeight = px(style.lineHeight) || px(style.fontSize) * 1.5;
  el.style.height = "auto";
  const { height, overflowing } = autosizeHeight(
    {
      scrollHeight: el.scrollHeight,
      lineHeight,
      paddingY: px(style.paddingTop) + px(style.paddingBottom),
      borderY: px(style.borderTopWidth) + px(style.borderBottomWidth),
    },
    minRows,
    maxRows,
  );
  el.style.height = `${height}px`;
  el.style.overflowY = overflowing ? "auto" : "hidden";
}

export function Textarea({
  className,
  invalid,
  minRows = 3,
  maxRows = 12,
  onSubmitShortcut,
  onKeyDown,
  onChange,
  ref,
  value,
  ...props
}: TextareaProps) {
  const inner = React.useRef<HTMLTextAreaElement | null>(null);
  const setRef = useComposedRefs(inner, ref);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new controlled value changes the scrollHeight to measure.
  React.useLayoutEffect(() => {
    const el = inner.current;
    if (!el) return;
    // Empty, it is `rows` high, its minimum: nothing to measure. Measuring reads the layout, and on
    // a screen's first render that is the whole page's layout inside React's commit (~70 ms on a
    // slow phone, the longest part of opening 首页).
    if (!el.value) {
      el.style.height = "";
      el.style.overflowY = "hidden";
      return;
    }
    resize(el, minRows, maxRows);
  }, [minRows, maxRows, value]);

  return (
    <textarea
      data-slot="textarea"
      ref={setRef}
      rows={minRows}
      value={value}
      aria-invalid={invalid || undefined}
      className={cn(textareaVariants(), className)}
      onChange={(event) => {
        onChange?.(event);
        resize(event.currentTarget, minRows, maxRows);
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || event.key !== "Enter" || isImeComposing(event)) return;
        if (!(event.metaKey || event.ctrlKey) || !onSubmitShortcut) return;
        event.preventDefault();
        onSubmitShortcut(event.currentTarget.value);
      }}
      {...props}
    />
  );
}
