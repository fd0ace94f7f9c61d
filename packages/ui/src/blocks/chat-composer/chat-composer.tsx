import { useComposedRefs } from "@radix-ui/react-compose-refs";
import { cva, type VariantProps } from "class-variance-authority";
import { ArrowUp, Square } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";
import { isImeComposing } from "../../lib/ime";
import { Button } from "../../primitives/button";
import { Textarea } from "../../primitives/textarea";

export const chatComposerVariants = cva(
  "flex items-end gap-2 rounded-lg border border-input bg-background p-2 transition-colors focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/25",
  {
    variants: {
      state: {
        idle: "",
        streaming: "",
        disabled: "bg-muted",
      },
    },
    defaultVariants: { state: "idle" },
  },
);

export type ChatComposerState = NonNullable<VariantProps<typeof chatComposerVariants>["state"]>;

export type ChatComposerProps = Omit<React.ComponentProps<"div">, "defaultValue" | "onChange"> & {
  /** Controlled text; pair with `onValueChange`. The parent clears it after a send. */
  value?: string;
  /** Initial text when uncontrolled (the box then clears itself after a send). */
  defaultValue?: string;
  /** Called with every new text. */
  onValueChange?: (value: string) => void;
  /** Called with the trimmed text on Enter, ⌘/Ctrl+Enter or the send button; never with blank text. */
  onSend: (text: string) => void;
  /** Called by the stop button while an answer streams. */
  onStop?: () => void;
  /** An answer is streaming: the send button becomes 停止 and Enter does not send. */
  streaming?: boolean;
  /** Disables the box and the send button (the stop button stays usable). */
  disabled?: boolean;
  /** Small line under the box, e.g. 每次回答消耗 2 点 · 余额 98 点. */
  costHint?: React.ReactNode;
  placeholder?: string;
  autoFocus?: boolean;
  /** Ref to the textarea, e.g. to focus it from outside. */
  inputRef?: React.Ref<HTMLTextAreaElement>;
  inputLabel?: string;
  sendLabel?: string;
  stopLabel?: string;
};

export function ChatComposer({
  value,
  defaultValue = "",
  onValueChange,
  onSend,
  onStop,
  streaming = false,
  disabled = false,
  costHint,
  placeholder = "问问你的想法和笔记…",
  autoFocus,
  inputRef,
  inputLabel = "输入你的问题",
  sendLabel = "发送",
  stopLabel = "停止",
  className,
  ...props
}: ChatComposerProps) {
  const hintId = React.useId();
  const ownRef = React.useRef<HTMLTextAreaElement>(null);
  const setInput = useComposedRefs(ownRef, inputRef);
  const [localValue, setLocalValue] = React.useState(defaultValue);
  const text = value ?? localValue;
  const canSend = !disabled && !streaming && text.trim().length > 0;

  const setText = (next: string) => {
    if (value === undefined) setLocalValue(next);
    onValueChange?.(next);
  };
  const send = () => {
    if (!canSend) return;
    onSend(text.trim());
    if (value === undefined) setLocalValue("");
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || isImeComposing(event)) return;
    event.preventDefault();
    send();
  };

  const state: ChatComposerState = disabled ? "disabled" : streaming ? "streaming" : "idle";
  return (
    <div
      data-slot="chat-composer"
      data-state={state}
      className={cn("flex w-full flex-col gap-1.5", className)}
      {...props}
    >
      <div data-slot="chat-composer-box" className={chatComposerVariants({ state })}>
        <Textarea
          ref={setInput}
          data-slot="chat-composer-input"
          aria-label={inputLabel}
          aria-describedby={costHint ? hintId : undefined}
          enterKeyHint="send"
          placeholder={placeholder}
          autoFocus={autoFocus}
          disabled={disabled}
          minRows={1}
          maxRows={6}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="border-0 bg-transparent px-2 py-1.5 focus-visible:ring-0 disabled:bg-transparent"
        />
        {streaming ? (
          <Button data-slot="chat-composer-stop" variant="secondary" size="sm" onClick={onStop}>
            <Square aria-hidden className="fill-current" />
            {stopLabel}
          </Button>
        ) : (
          <Button
            data-slot="chat-composer-send"
            size="sm"
            disabled={!canSend}
            onClick={() => {
              send();
              ownRef.current?.focus();
            }}
          >
            <ArrowUp aria-hidden />
            {sendLabel}
          </Button>
        )}
      </div>
      {costHint ? (
        <p id={hintId} data-slot="chat-composer-hint" className="px-1 text-xs text-muted-foreground">
          {costHint}
        </p>
      ) : null}
    </div>
  );
}
