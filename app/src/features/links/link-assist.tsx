import { linkText } from "@shinian/contract/links";
import { LinkPicker, type LinkPickerResult } from "@shinian/ui";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { search } from "../../api/search.ts";
import { queryClient } from "../../data/query-client.ts";

/** Where `@` opens the picker too: phones, where `[[` is awkward to type. */
const PHONE = "(max-width: 639px)";
const DEBOUNCE_MS = 200;

/** The `[[` (or a phone's `@`) just typed before the caret: what a chosen link replaces. */
function triggerAt(el: HTMLTextAreaElement, typed: string | null): { start: number; end: number } | null {
  const caret = el.selectionStart;
  if (caret !== el.selectionEnd) return null;
  const before = el.value.slice(0, caret);
  if (before.endsWith("[[")) return { start: caret - 2, end: caret };
  if (typed === "@" && before.endsWith("@") && window.matchMedia(PHONE).matches)
    return { start: caret - 1, end: caret };
  return null;
}

/**
 * Typing `[[` in a text box (and `@` on a phone) opens the LinkPicker under it, over the person's
 * ideas and notes searched as they type; the one chosen goes in as `[[idea:<uuid>]]` in place of
 * the `[[`. Loaded with the first `[[` or `@`, never with 首页 (its JS budget).
 */
type LinkAssistProps = {
  textarea: React.RefObject<HTMLTextAreaElement | null>;
  value: string;
  onValueChange: (value: string) => void;
  /** The item being edited: it is not offered as its own link. */
  exclude?: string | undefined;
};

/** 首页 is outside the query cache's layout (its code stays off the first screen): the picker brings it. */
export default function LinkAssist(props: LinkAssistProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <LinkAssistInCache {...props} />
    </QueryClientProvider>
  );
}

function LinkAssistInCache({ textarea, value, onValueChange, exclude }: LinkAssistProps) {
  const [open, setOpen] = React.useState<{ start: number; end: number } | null>(null);
  const [query, setQuery] = React.useState("");
  const [asked, setAsked] = React.useState("");
  const latest = React.useRef(value);
  latest.current = value;

  React.useEffect(() => {
    const el = textarea.current;
    if (!el) return;
    const onInput = (event: Event) => {
      const at = triggerAt(el, (event as InputEvent).data ?? null);
      if (at) setOpen(at);
    };
    // this code came with the `[[` just typed: it opens for that one too
    if (document.activeElement === el) {
      const at = triggerAt(el, el.value.slice(0, el.selectionStart).endsWith("@") ? "@" : null);
      if (at) setOpen(at);
    }
    el.addEventListener("input", onInput);
    return () => el.removeEventListener("input", onInput);
  }, [textarea]);

  React.useEffect(() => {
    const timer = setTimeout(() => setAsked(query.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const found = useQuery({
    queryKey: ["link-search", asked] as const,
    queryFn: () => search(asked),
    enabled: open !== null && asked !== "",
    placeholderData: (previous) => previous,
  });
  const results = React.useMemo<LinkPickerResult[]>(
    () =>
      asked && found.data
        ? found.data.items
            .filter((item) => item.id !== exclude)
            .map((item) => ({
              type: item.type,
              id: item.id,
              title: item.title,
              // an idea's title is its first words: they are not said twice
              snippet: item.snippet.startsWith(item.title) ? "" : item.snippet,
            }))
        : [],
    [asked, found.data, exclude],
  );

  const close = (caret: number | null) => {
    setOpen(null);
    setQuery("");
    setAsked("");
    // back to the text, unless the person has gone elsewhere
    requestAnimationFrame(() => {
      const el = textarea.current;
      if (!el || (document.activeElement && document.activeElement !== document.body)) return;
      el.focus();
      if (caret !== null) el.setSelectionRange(caret, caret);
    });
  };

  if (!open) return null;
  return (
    <LinkPicker
      className="absolute top-full left-0 z-dropdown mt-1"
      query={query}
      onQueryChange={setQuery}
      results={results}
      loading={found.isFetching}
      error={found.isError ? errorMessage(found.error, "搜索失败") : undefined}
      onChoose={(item) => {
        const text = latest.current;
        const link = linkText({ type: item.type, id: item.id });
        // the trigger is replaced only if it is still where it was typed
        const trigger = text.slice(open.start, open.end);
        const at = trigger === "[[" || trigger === "@" ? open : { start: open.end, end: open.end };
        onValueChange(text.slice(0, at.start) + link + text.slice(at.end));
        close(at.start + link.length);
      }}
      onClose={() => close(open.end)}
    />
  );
}
