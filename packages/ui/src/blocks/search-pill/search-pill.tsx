import { useComposedRefs } from "@radix-ui/react-compose-refs";
import { cva, type VariantProps } from "class-variance-authority";
import { Search, Sparkles, X } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";
import { isImeComposing } from "../../lib/ime";
import { useSearchPillShortcut } from "./use-search-pill-shortcut";

export const searchPillVariants = cva(
  "flex h-10 items-center gap-2 rounded-full border border-input bg-background px-1 transition-colors focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/25",
  {
    variants: {
      /** `responsive`: fills its place on phones and tablets, the spec's 500 px from 1024 px up. */
      width: { fixed: "w-[500px]", fluid: "w-full max-w-[500px]", responsive: "w-full lg:w-[500px]" },
    },
    defaultVariants: { width: "fixed" },
  },
);

// 32 px circles with a 44 px tap area (the ::after), for fingers on touch screens.
const actionClass =
  "relative inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-full outline-none transition-colors after:absolute after:-inset-1.5 after:content-[''] focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4";

export type SearchPillWidth = NonNullable<VariantProps<typeof searchPillVariants>["width"]>;

export type SearchPillProps = Omit<React.ComponentProps<"div">, "defaultValue" | "onChange"> &
  VariantProps<typeof searchPillVariants> & {
    /** Controlled text; pair with `onValueChange`. */
    value?: string;
    /** Initial text when uncontrolled. */
    defaultValue?: string;
    /** Called with every new text (typing, clearing). */
    onValueChange?: (value: string) => void;
    /** Called with the trimmed query, or '' when the search is cleared. */
    onSearch?: (query: string) => void;
    /** Called when the AI assistant avatar at the left is clicked. */
    onAvatarClick?: () => void;
    placeholder?: string;
    /** Focus the input with `/` and ⌘/Ctrl+K. */
    shortcut?: boolean;
    /** Ref to the text input, e.g. to focus it from outside. */
    inputRef?: React.Ref<HTMLInputElement>;
    inputLabel?: string;
    assistantLabel?: string;
    searchLabel?: string;
    clearLabel?: string;
  };

export function SearchPill({
  className,
  width,
  value,
  defaultValue = "",
  onValueChange,
  onSearch,
  onAvatarClick,
  placeholder = "和AI助手聊聊，或搜索你的想法...",
  shortcut = true,
  hidden,
  inputRef,
  inputLabel = "搜索想法或和AI助手聊天",
  assistantLabel = "打开AI助手",
  searchLabel = "搜索",
  clearLabel = "清除",
  ...props
}: SearchPillProps) {
  const [localValue, setLocalValue] = React.useState(defaultValue);
  const text = value ?? localValue;
  const ownRef = React.useRef<HTMLInputElement>(null);
  useSearchPillShortcut(ownRef, shortcut && !hidden);

  const setInput = useComposedRefs(ownRef, inputRef);
  const setText = (next: string) => {
    if (value === undefined) setLocalValue(next);
    onValueChange?.(next);
  };
  const clear = () => {
    setText("");
    onSearch?.("");
  };
  const submit = () => {
    const query = text.trim();
    if (query) onSearch?.(query);
    else clear();
  };

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    if (!next.trim() && text.trim()) onSearch?.("");
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (isImeComposing(event)) return;
    if (event.key === "Enter") {
      event.preventDefault();
      submit();
    } else if (event.key === "Escape") {
      event.preventDefault();
      clear();
    }
  };

  const hasText = text.length > 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: Testing Library (aria-query 5.3) and Safari < 17 do not map <search> to the role.
    <div
      data-slot="search-pill"
      data-state={hasText ? "filled" : "empty"}
      role="search"
      hidden={hidden}
      className={cn(searchPillVariants({ width }), className)}
      {...props}
    >
      <button
        data-slot="search-pill-assistant"
        type="button"
        aria-label={assistantLabel}
        title={assistantLabel}
        onClick={onAvatarClick}
        className={cn(
          actionClass,
          "bg-linear-to-br from-brand to-primary text-primary-foreground hover:opacity-90",
        )}
      >
        <Sparkles aria-hidden />
      </button>
      <input
        ref={setInput}
        data-slot="search-pill-input"
        type="text"
        enterKeyHint="search"
        autoComplete="off"
        aria-label={inputLabel}
        aria-keyshortcuts={shortcut ? "/ Control+K Meta+K" : undefined}
        placeholder={placeholder}
        value={text}
        onChange={onChange}
        onKeyDown={onKeyDown}
        className="h-full min-w-0 flex-1 bg-transparent text-sm text-foreground outline-none placeholder:text-muted-foreground"
      />
      {hasText ? (
        <button
          data-slot="search-pill-clear"
          type="button"
          aria-label={clearLabel}
          title={clearLabel}
          onClick={() => {
            clear();
            ownRef.current?.focus();
          }}
          className={cn(actionClass, "bg-muted text-muted-foreground hover:bg-subtle hover:text-foreground")}
        >
          <X aria-hidden />
        </button>
      ) : (
        <button
          data-slot="search-pill-submit"
          type="button"
          aria-label={searchLabel}
          title={searchLabel}
          onClick={submit}
          className={cn(actionClass, "bg-primary text-primary-foreground hover:bg-primary-hover")}
        >
          <Search aria-hidden />
        </button>
      )}
    </div>
  );
}
