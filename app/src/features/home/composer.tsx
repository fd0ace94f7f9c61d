import { Button, Card, Textarea } from "@shinian/ui";
import * as React from "react";
import { useDraft } from "../../lib/draft.ts";

export type ComposerProps = {
  /** Saves the text; resolves once the server has it (then the draft is dropped). */
  onCapture: (content: string) => Promise<void>;
};

const SEPARATOR = "\n\n";

/**
 * The box empties at once, so the next thought can be typed while the last one saves; until the
 * server has it, the text stays in a second draft ("sending"). A failed save puts it back in the
 * box, and so does a reload that cut a save short: nothing typed is lost.
 */
export function Composer({ onCapture }: ComposerProps) {
  const [draft, setDraft] = useDraft("composer");
  const [sending, setSending] = useDraft("composer:sending");
  const latest = React.useRef({ draft, sending });
  latest.current = { draft, sending };
  const [pending, setPending] = React.useState(0);

  const putBack = React.useCallback(
    (text: string) => setDraft([text, latest.current.draft].filter(Boolean).join(SEPARATOR)),
    [setDraft],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for what a reload cut short
  React.useEffect(() => {
    if (!latest.current.sending) return;
    putBack(latest.current.sending);
    setSending("");
  }, []);

  const capture = async () => {
    const content = draft.trim();
    if (!content) return;
    setDraft("");
    setSending([latest.current.sending, content].filter(Boolean).join(SEPARATOR));
    setPending((n) => n + 1);
    try {
      await onCapture(content);
    } catch {
      putBack(content);
    } finally {
      setSending(latest.current.sending.replace(content, "").replace(/^(\n\n)+|(\n\n)+$/g, ""));
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
