import { FileText, Lightbulb } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";
import { isImeComposing } from "../../lib/ime";

/** An idea or note the picker offers. */
export type LinkPickerResult = { type: "idea" | "note"; id: string; title: string; snippet: string };

export type LinkPickerProps = Omit<React.ComponentProps<"div">, "children" | "onChange" | "results"> & {
  query: string;
  onQueryChange: (query: string) => void;
  /** The search's answer for `query`; empty while nothing matches. */
  results: readonly LinkPickerResult[];
  /** A search is under way (the list keeps the last answer meanwhile). */
  loading?: boolean;
  /** Why the search failed, in Chinese. */
  error?: string | undefined;
  onChoose: (result: LinkPickerResult) => void;
  /** Escape, or leaving the picker: nothing is inserted. */
  onClose: () => void;
};

/**
 * 链接到…: a search box over the person's ideas and notes and the list of what it finds, to
 * choose one to link to. The box is a combobox and keeps the focus; the arrows move through the
 * list (aria-activedescendant), Enter chooses, Escape closes.
 */
export function LinkPicker({
  query,
  onQueryChange,
  results,
  loading = false,
  error,
  onChoose,
  onClose,
  className,
  ...props
}: LinkPickerProps) {
  const id = React.useId();
  // the active option, for the results it was chosen in: new results start again at the first
  const [chosen, setChosen] = React.useState({ among: results, n: 0 });
  const current = chosen.among === results ? Math.min(chosen.n, results.length - 1) : 0;
  const setActive = (n: number) => setChosen({ among: results, n });
  const optionId = (n: number) => `${id}-option-${n}`;

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (isImeComposing(event)) return;
    const last = results.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves && results.length) {
      event.preventDefault();
      setActive(moves[event.key]!);
      document.getElementById(optionId(moves[event.key]!))?.scrollIntoView({ block: "nearest" });
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = results[current];
      if (chosen) onChoose(chosen);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  const status = error
    ? error
    : loading && !results.length
      ? "正在搜索…"
      : !results.length
        ? query.trim()
          ? "没有找到匹配的想法或笔记"
          : "输入文字，搜索要链接的想法或笔记"
        : `找到 ${results.length} 条，上下键选择，回车插入`;

  return (
    <div
      data-slot="link-picker"
      className={cn(
        "flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-1 rounded-lg border border-border bg-background p-2 text-foreground shadow-lg",
        className,
      )}
      {...props}
    >
      <input
        // biome-ignore lint/a11y/noAutofocus: the picker opens on the person's own `[[`, to be typed into
        autoFocus
        type="text"
        role="combobox"
        aria-label="链接到想法或笔记"
        aria-expanded={results.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={results.length ? optionId(current) : undefined}
        placeholder="搜索想法或笔记"
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          // a click on an option keeps the picker (it chooses); leaving it elsewhere closes it
          if (!event.currentTarget.parentElement?.contains(event.relatedTarget)) onClose();
        }}
        className="h-9 rounded-md border border-input bg-background px-2.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <p role="status" className="px-1 text-xs text-muted-foreground">
        {status}
      </p>
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label="搜索结果"
        className="flex max-h-64 flex-col overflow-y-auto"
      >
        {results.map((result, n) => {
          const Icon = result.type === "idea" ? Lightbulb : FileText;
          return (
            // focus stays in the search box, which takes the keys (aria-activedescendant, WAI-ARIA combobox)
            // biome-ignore lint/a11y/useFocusableInteractive: see above
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            <div
              key={`${result.type}:${result.id}`}
              id={optionId(n)}
              role="option"
              aria-selected={n === current}
              // the search box keeps the focus (and a phone its keyboard) while an option is pressed
              onPointerDown={(event) => event.preventDefault()}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(result)}
              onPointerMove={() => setActive(n)}
              className="flex min-h-11 cursor-pointer flex-col justify-center gap-0.5 rounded-md px-2 py-1.5 lg:min-h-8 aria-selected:bg-primary-soft aria-selected:text-primary-soft-foreground"
            >
              <span className="flex min-w-0 items-center gap-1.5 text-sm [&_svg]:size-3.5 [&_svg]:shrink-0">
                <Icon aria-hidden />
                <span className="sr-only">{result.type === "idea" ? "想法：" : "笔记："}</span>
                <span className="truncate">{result.title || result.snippet || "无标题"}</span>
              </span>
              {result.title && result.snippet && (
                <span className="truncate text-xs text-muted-foreground">{result.snippet}</span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
