import type * as React from "react";
import { cn } from "../../lib/cn";
import { Button } from "../button";
import { Card } from "../card";
import { Checkbox } from "../checkbox";
import { Textarea } from "../textarea";

export type IdeaComposerProps = Omit<React.ComponentProps<"div">, "onChange"> & {
  /** The text being written; pair with `onValueChange`. */
  value: string;
  onValueChange: (value: string) => void;
  /** 不让AI读取 for the idea about to be saved: never sent to a model, not tidied. */
  aiExcluded: boolean;
  onAiExcludedChange: (aiExcluded: boolean) => void;
  /** ⌘/Ctrl+Enter or the save button, with the trimmed text; never with blank text. */
  onSave: (idea: { content: string; aiExcluded: boolean }) => void;
  /** Saves are on their way: the button shows a spinner (typing goes on). */
  saving?: boolean;
  /** Small line beside the buttons. */
  hint?: React.ReactNode;
  /** Replaces `hint` while 不让AI读取 is ticked. */
  aiExcludedHint?: React.ReactNode;
  placeholder?: string;
  inputLabel?: string;
  aiExcludedLabel?: string;
  saveLabel?: string;
  maxLength?: number;
};

/** The capture box of 首页: the text, 不让AI读取 for this idea, and 保存. */
export function IdeaComposer({
  value,
  onValueChange,
  aiExcluded,
  onAiExcludedChange,
  onSave,
  saving = false,
  hint = "⌘/Ctrl+Enter 保存 · 草稿自动保存在本机",
  aiExcludedHint = "保存后不会发送给 AI，也不会自动整理",
  placeholder = "记录一个想法…",
  inputLabel = "记录一个想法",
  aiExcludedLabel = "不让AI读取",
  saveLabel = "保存",
  maxLength = 10_000,
  className,
  ...props
}: IdeaComposerProps) {
  const save = () => {
    const content = value.trim();
    if (content) onSave({ content, aiExcluded });
  };
  return (
    <Card
      data-slot="idea-composer"
      data-state={aiExcluded ? "ai-excluded" : "default"}
      className={cn("p-4", className)}
      {...props}
    >
      <Textarea
        aria-label={inputLabel}
        placeholder={placeholder}
        minRows={3}
        maxLength={maxLength}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        onSubmitShortcut={save}
      />
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <span
          data-slot="idea-composer-hint"
          className={cn(
            "min-w-0 flex-1 basis-full text-xs sm:basis-0",
            aiExcluded ? "text-foreground" : "text-muted-foreground",
          )}
        >
          {aiExcluded ? aiExcludedHint : hint}
        </span>
        <div className="ml-auto flex shrink-0 items-center gap-4">
          <Checkbox
            data-slot="idea-composer-ai-excluded"
            checked={aiExcluded}
            onChange={(e) => onAiExcludedChange(e.target.checked)}
          >
            {aiExcludedLabel}
          </Checkbox>
          <Button onClick={save} loading={saving} disabled={!value.trim()}>
            {saveLabel}
          </Button>
        </div>
      </div>
    </Card>
  );
}
