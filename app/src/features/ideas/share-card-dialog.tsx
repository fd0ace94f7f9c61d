import { plainLine } from "@shinian/contract/plain-text";
import { tagsInText } from "@shinian/contract/tags";
import { ShareCard } from "@shinian/ui";
import * as React from "react";
import type { LoadedItem } from "../../data/items.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";

/** The words as a card shows them: each line without its Markdown, blank lines kept as breaks. */
export const cardText = (markdown: string) =>
  markdown
    .slice(0, 20_000) // a card shows a few hundred characters; a note may hold 200,000
    .split(/\r?\n/)
    .map(plainLine)
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

/** 分享卡片 for the item being read (loaded when chosen from its menu). */
export default function ShareCardDialog({ loaded, onClose }: { loaded: LoadedItem; onClose: () => void }) {
  const { item } = loaded;
  const date = formatDateTime(item.createdAt).slice(0, 16);
  const content = React.useMemo(() => {
    const source = item.content || (loaded.kind === "idea" ? loaded.item.originalContent : "");
    // a tag typed in the words shows there; the chips below carry only the others
    const typed = new Set(tagsInText(source));
    return {
      title: item.title,
      text: cardText(source),
      date,
      tags: item.tags.filter((tag) => !typed.has(tag)),
    };
  }, [item, loaded, date]);
  return (
    <ShareCard
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      content={content}
      fileName={`拾念-${date.slice(0, 10)}.png`}
      defaultTheme={document.documentElement.dataset.theme === "dark" ? "dark" : "light"}
    />
  );
}
