import * as React from "react";
import { cn } from "../../lib/cn";
import { isImeComposing } from "../../lib/ime";

export type TagMark = { start: number; end: number };
export type TagSuggestion = { name: string; count: number };
export type TagQuery = { start: number; query: string };

export type TagAssistProps = {
  /** The textarea it works on (IdeaComposer's `textareaRef`); it sits over it in the same box. */
  textarea: React.RefObject<HTMLTextAreaElement | null>;
  /** The textarea's text. */
  value: string;
  /** The recognised tags in `value`, `[start, end)` from their `#`: marked as they are typed. */
  marks: readonly TagMark[];
  /** The tag being typed at `caret` (its `#` and what follows), or null: where suggestions open. */
  queryAt: (text: string, caret: number) => TagQuery | null;
  /** The person's tags that fit what follows the `#`, best first. */
  suggest: (query: string) => readonly TagSuggestion[];
  /** The text with a picked tag in place of the one being typed (the caret goes after it). */
  onValueChange: (value: string) => void;
  /** Most suggestions shown at once. */
  limit?: number;
  listLabel?: string;
  countLabel?: (count: number) => string;
  /** Said (politely, to a screen reader) when suggestions open or change. */
  /** What the live region says; `enterPicks` false when Enter is the person's own (a tag typed whole). */
  suggestionsLabel?: (count: number, enterPicks: boolean) => string;
};

/**
 * Marks the `#标签` recognised in a textarea as they are typed, and under a `#` being typed lists
 * the person's own tags to pick (↑↓ and Enter or Tab, or a tap; Esc closes). Drawn over the
 * textarea as a mirror of its text (same box, same wrapping), so the textarea stays a plain one.
 */
export function TagAssist({
  textarea,
  value,
  marks,
  queryAt,
  suggest,
  onValueChange,
  limit = 6,
  listLabel = "标签建议",
  countLabel = (count) => `${count} 条`,
  suggestionsLabel = (count, enterPicks) =>
    `${count} 个标签建议，按 ↑↓ 选择，${enterPicks ? "Enter" : "Tab"} 填入`,
}: TagAssistProps) {
  const id = React.useId();
  const mirror = React.useRef<HTMLDivElement>(null);
  const anchor = React.useRef<HTMLSpanElement>(null);
  const [caret, setCaret] = React.useState<number | null>(null);
  const [active, setActive] = React.useState(0);
  const [closedAt, setClosedAt] = React.useState<number | null>(null);
  const [place, setPlace] = React.useState<{ top: number; left: number } | null>(null);
  const placeCaret = React.useRef<number | null>(null);

  const query = caret === null ? null : queryAt(value, caret);
  const matches = query ? suggest(query.query) : [];
  const items = matches.slice(0, limit);
  const open = query !== null && items.length > 0 && closedAt !== query.start;
  const current = Math.min(active, items.length - 1);

  const pick = (name: string) => {
    const el = textarea.current;
    if (!query || !el) return;
    // up to the caret only: words after it are the person's, not the rest of the tag
    const rest = value.slice(caret ?? query.start);
    placeCaret.current = query.start + name.length + 2;
    onValueChange(`${value.slice(0, query.start)}#${name}${/^\s/.test(rest) ? "" : " "}${rest}`);
  };

  // Enter right after a tag typed whole (one of the person's, its end at the caret) is the
  // person's Enter (a new line, a save), not a pick of another suggestion (读书 typed, 读书会 first)
  const typedWhole =
    query !== null &&
    matches.some((item) => item.name === query.query) &&
    /^(\s|$)/.test(value.slice(caret ?? 0));

  // the latest state for the textarea's own listeners
  const latest = React.useRef({ open, items, current, pick, typedWhole });
  latest.current = { open, items, current, pick, typedWhole };

  React.useEffect(() => {
    const el = textarea.current;
    if (!el) return;
    const follow = () => {
      setCaret(
        el.selectionStart === el.selectionEnd && document.activeElement === el ? el.selectionStart : null,
      );
      if (mirror.current) mirror.current.scrollTop = el.scrollTop;
    };
    const leave = () => setCaret(null);
    follow();
    // an input method's composition, also where its keys do not say so (the Enter that ends it)
    let composing = false;
    const compose = () => {
      composing = true;
    };
    const composed = () => setTimeout(() => (composing = false));
    const keys = (event: KeyboardEvent) => {
      const { open, items, current, pick, typedWhole } = latest.current;
      if (!open || composing || isImeComposing(event) || event.metaKey || event.ctrlKey || event.altKey)
        return;
      const move = (by: number) => setActive((current + by + items.length) % items.length);
      if (event.key === "ArrowDown") move(1);
      else if (event.key === "ArrowUp") move(-1);
      else if (event.key === "Enter" && typedWhole) return;
      else if (event.key === "Enter" || event.key === "Tab") pick(items[current]!.name);
      else if (event.key === "Escape") setClosedAt(queryAt(el.value, el.selectionStart)?.start ?? null);
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    const events = ["input", "click", "keyup", "focus", "select", "scroll"] as const;
    for (const name of events) el.addEventListener(name, follow);
    el.addEventListener("blur", leave);
    el.addEventListener("keydown", keys);
    el.addEventListener("compositionstart", compose);
    el.addEventListener("compositionend", composed);
    return () => {
      for (const name of events) el.removeEventListener(name, follow);
      el.removeEventListener("blur", leave);
      el.removeEventListener("keydown", keys);
      el.removeEventListener("compositionstart", compose);
      el.removeEventListener("compositionend", composed);
    };
  }, [textarea, queryAt]);

  // a new `#` being typed opens again, on its first suggestion
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query's start and text are the signal
  React.useEffect(() => setActive(0), [query?.start, query?.query]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again with every change of text or caret
  React.useLayoutEffect(() => {
    const el = textarea.current;
    const box = mirror.current;
    if (!el || !box) return;
    if (placeCaret.current !== null) {
      el.focus();
      el.setSelectionRange(placeCaret.current, placeCaret.current);
      setCaret(placeCaret.current);
      placeCaret.current = null;
    }
    const style = getComputedStyle(el);
    const scrollbar =
      el.offsetWidth -
      el.clientWidth -
      Number.parseFloat(style.borderLeftWidth) -
      Number.parseFloat(style.borderRightWidth);
    box.style.paddingRight = `calc(0.75rem + ${Math.max(0, scrollbar)}px)`;
    box.scrollTop = el.scrollTop;
    const at = anchor.current;
    if (!open || !at) return setPlace(null);
    const lineHeight = Number.parseFloat(style.lineHeight) || 20;
    setPlace({
      top: Math.min(at.offsetTop - el.scrollTop, el.clientHeight) + lineHeight + 4,
      left: at.offsetLeft,
    });
  }, [value, caret, open]);

  React.useEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.setAttribute("aria-autocomplete", "list");
    if (open) {
      el.setAttribute("aria-controls", `${id}-list`);
      el.setAttribute("aria-activedescendant", `${id}-${current}`);
    }
    return () => {
      for (const name of ["aria-autocomplete", "aria-controls", "aria-activedescendant"])
        el.removeAttribute(name);
    };
  }, [textarea, open, id, current]);

  return (
    <>
      <div
        ref={mirror}
        aria-hidden
        data-slot="tag-assist-marks"
        className="pointer-events-none absolute inset-0 overflow-hidden whitespace-pre-wrap break-words rounded-md border border-transparent px-3 py-2 text-sm text-transparent"
      >
        {segments(value, marks, open ? query!.start : null, anchor)}
        {"\u200b"}
      </div>
      <div role="status" aria-live="polite" data-slot="tag-assist-count" className="sr-only">
        {open ? suggestionsLabel(items.length, !typedWhole) : ""}
      </div>
      {open && place ? (
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label={listLabel}
          data-slot="tag-assist-list"
          // under the `#`, kept inside the box however narrow it gets (a phone turned, a window resized)
          style={{ top: place.top, left: `max(0px, min(${place.left}px, 100% - 14rem))` }}
          className="absolute z-dropdown flex w-56 max-w-full flex-col overflow-hidden rounded-md border border-border bg-background py-1 shadow-md"
        >
          {items.map((item, i) => (
            // focus stays in the text box, which takes the keys (aria-activedescendant, WAI-ARIA combobox)
            // biome-ignore lint/a11y/useFocusableInteractive: see above
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            <div
              key={item.name}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === current}
              data-slot="tag-assist-option"
              // the text box keeps the focus (and a phone its keyboard) while an option is pressed
              onPointerDown={(event) => event.preventDefault()}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(item.name)}
              onPointerMove={() => setActive(i)}
              className={cn(
                "flex min-h-11 cursor-pointer items-center gap-2 px-3 text-sm lg:min-h-8",
                i === current ? "bg-primary-soft text-primary-soft-foreground" : "text-foreground",
              )}
            >
              <span className="min-w-0 flex-1 truncate">
                <span aria-hidden className="text-muted-foreground">
                  #
                </span>
                {item.name}
              </span>
              <span className="shrink-0 text-muted-foreground text-xs tabular-nums">
                {countLabel(item.count)}
              </span>
            </div>
          ))}
        </div>
      ) : null}
    </>
  );
}

/** The text cut at the marks, the marks highlighted, with the anchor at `anchorAt`. */
function segments(
  text: string,
  marks: readonly TagMark[],
  anchorAt: number | null,
  anchor: React.RefObject<HTMLSpanElement | null>,
) {
  const out: React.ReactNode[] = [];
  let last = 0;
  const cuts = [...marks.map((m) => ({ ...m, anchor: false }))];
  if (anchorAt !== null) cuts.push({ start: anchorAt, end: anchorAt, anchor: true });
  cuts.sort((a, b) => a.start - b.start || Number(b.anchor) - Number(a.anchor));
  for (const cut of cuts) {
    if (cut.start < last) continue;
    out.push(text.slice(last, cut.start));
    if (cut.anchor) out.push(<span key="anchor" ref={anchor} />);
    else
      out.push(
        <mark key={cut.start} className="rounded-sm bg-primary/20 text-transparent">
          {text.slice(cut.start, cut.end)}
        </mark>,
      );
    last = cut.anchor ? cut.start : cut.end;
  }
  out.push(text.slice(last));
  return out;
}
