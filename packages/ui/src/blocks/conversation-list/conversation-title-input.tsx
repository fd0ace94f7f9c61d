import * as React from "react";
import { isImeComposing } from "../../lib/ime";
import { Input } from "../../primitives/input";

export type ConversationTitleInputProps = {
  initialTitle: string;
  maxLength: number;
  label: string;
  /** Called with a trimmed, non-blank title (Enter, or leaving the field). */
  onSave: (title: string) => void;
  /** Called on Esc, or when the field is left blank. */
  onCancel: () => void;
};

/** Inline title editor: Enter saves (never during IME composition), Esc cancels, blank is refused. */
export function ConversationTitleInput({
  initialTitle,
  maxLength,
  label,
  onSave,
  onCancel,
}: ConversationTitleInputProps) {
  const [draft, setDraft] = React.useState(initialTitle.slice(0, maxLength));
  const [invalid, setInvalid] = React.useState(false);
  const finished = React.useRef(false);
  const ref = React.useRef<HTMLInputElement>(null);

  React.useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);

  const finish = (action: () => void) => {
    if (finished.current) return;
    finished.current = true;
    action();
  };
  const save = (blankAction: "refuse" | "cancel") => {
    const title = draft.trim();
    if (title) return finish(() => onSave(title));
    if (blankAction === "cancel") return finish(onCancel);
    setInvalid(true);
  };

  return (
    <Input
      ref={ref}
      data-slot="conversation-title-input"
      size="sm"
      aria-label={label}
      maxLength={maxLength}
      invalid={invalid}
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        setInvalid(false);
      }}
      onKeyDown={(event) => {
        if (isImeComposing(event)) return;
        if (event.key === "Enter") {
          event.preventDefault();
          save("refuse");
        } else if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          finish(onCancel);
        }
      }}
      onBlur={() => save("cancel")}
      className="h-9"
    />
  );
}
