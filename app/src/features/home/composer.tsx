import { Button, Card, Textarea } from "@shinian/ui";
import * as React from "react";
import { useDraft } from "../../lib/draft.ts";

export type ComposerProps = {
  /** Saves the text; resolves once the server has it (then the draft is dropped). */
  onCapture: (content: string) => Promise<void>;
};

export function Composer({ onCapture }: ComposerProps) {
  const [draft, setDraft] = useDraft("composer");
  const [pending, setPending] = React.useState(false);

  const capture = async () => {
    const content = draft.trim();
    if (!content || pending) return;
    setPending(true);
    try {
      await onCapture(content);
      setDraft("");
    } finally {
      setPending(false);
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
        <Button onClick={() => void capture()} loading={pending} disabled={!draft.trim()}>
          保存
        </Button>
      </div>
    </Card>
  );
}
