import { Button, Card, Textarea } from "@shinian/ui";
import * as React from "react";
import { useDraft } from "../../hooks/use-draft.ts";

export type ComposerProps = {
  /** Saves the text; resolves once the server has it (then the draft is dropped). */
  onCapture: (content: string) => Promise<void>;
  /** Text shared from another app (share target): added to the draft once, then `onSharedTaken`. */
  shared?: string;
  onSharedTaken?: () => void;
};

const SEPARATOR = "\n\n";

const parseSending = (stored: string): string[] => {
  try {
    const list: unknown = JSON.parse(stored || "[]");
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
};

/**
 * The box empties at once, so the next thought can be typed while the last one saves; until the
 * server has it, the text stays in a second draft, the list of texts being sent. A failed save
 * puts it back in the box, and so does a reload that cut a save short: nothing typed is lost.
 */
export function Composer({ onCapture, shared, onSharedTaken }: ComposerProps) {
  const [draft, setDraft] = useDraft("composer");
  const [stored, setStored] = useDraft("composer:sending");
  const latestDraft = React.useRef(draft);
  latestDraft.current = draft;
  // the texts in flight; the ref is the truth (saves may end between two renders)
  const sending = React.useRef<string[] | null>(null);
  sending.current ??= parseSending(stored);
  const [pending, setPending] = React.useState(0);

  const track = (change: (list: string[]) => string[]) => {
    sending.current = change(sending.current ?? []);
    setStored(sending.current.length ? JSON.stringify(sending.current) : "");
  };
  const putBack = (text: string) => {
    latestDraft.current = [text, latestDraft.current].filter(Boolean).join(SEPARATOR);
    setDraft(latestDraft.current);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for what a reload cut short
  React.useEffect(() => {
    const cut = sending.current ?? [];
    if (!cut.length) return;
    track(() => []);
    for (const text of cut.reverse()) putBack(text);
  }, []);

  const taken = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (!shared) {
      taken.current = null; // the same text shared again later is taken again
      return;
    }
    if (taken.current === shared) return;
    taken.current = shared;
    latestDraft.current = [latestDraft.current, shared].filter(Boolean).join(SEPARATOR);
    setDraft(latestDraft.current);
    onSharedTaken?.();
  }, [shared, setDraft, onSharedTaken]);

  const capture = async () => {
    const content = draft.trim();
    if (!content) return;
    latestDraft.current = "";
    setDraft("");
    track((list) => [...list, content]);
    setPending((n) => n + 1);
    try {
      await onCapture(content);
    } catch {
      putBack(content);
    } finally {
      // one entry only: the same words may be in flight twice
      track((list) => {
        const at = list.indexOf(content);
        return at < 0 ? list : [...list.slice(0, at), ...list.slice(at + 1)];
      });
      setPending((n) => n - 1);
    }
  };

  return (
    <Card className="p-4">
      <Textarea
        aria-label="记录一个想法"
        placeholder="记录一个想法…"
        minRows={3}
        maxLength={10_000}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onSubmitShortcut={() => void capture()}
      />
      <div className="mt-3 flex items-center justify-between">
        <span className="text-muted-foreground text-xs">⌘/Ctrl+Enter 保存 · 草稿自动保存在本机</span>
        <Button onClick={() => void capture()} loading={pending > 0} disabled={!draft.trim()}>
          保存
        </Button>
      </div>
    </Card>
  );
}
