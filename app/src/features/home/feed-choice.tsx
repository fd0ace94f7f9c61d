import type { FeedItem } from "@shinian/contract";
import { MAX_ITEM_EDITS } from "@shinian/contract/constants";
import { Checkbox, markdownTitle } from "@shinian/ui";
import { toaster } from "../../lib/toaster.ts";
import { type Choice, FeedList, type FeedListProps } from "./feed-list.tsx";
import { isUnsaved } from "./use-feed.ts";

/** Said when the most that can be chosen are: by the bar's count, and on each card left out. */
export const chosenFull = (count: number) => (count >= MAX_ITEM_EDITS ? `最多选 ${MAX_ITEM_EDITS} 条` : null);

/**
 * 多选's cards (loaded when it starts, with its bar): a box on each, and a card that cannot be
 * chosen now (not synced yet; the most that can be chosen are, `full`) with its box disabled,
 * saying why in the box's name, on hover, and in a toast when tapped (a phone has no hover). Its
 * words keep their full contrast.
 */
export function choiceOf(
  item: FeedItem,
  chosen: ReadonlySet<string>,
  onToggle: (id: string) => void,
  full: string | null,
): Choice {
  const on = chosen.has(item.id);
  const why = isUnsaved(item) ? "未同步，暂不能选" : !on && full ? full : null;
  const text = item.type === "idea" ? item.content || item.originalContent : item.preview;
  return {
    chosen: on,
    why,
    toggle: () => (why ? toaster.show({ message: why }) : onToggle(item.id)),
    box: (
      <Checkbox
        aria-label={`选择${item.type === "idea" ? "想法" : "笔记"}：${item.title || markdownTitle(text, 20)}${why ? `（${why}）` : ""}`}
        title={why ?? undefined}
        checked={on}
        disabled={Boolean(why)}
        onChange={() => onToggle(item.id)}
      />
    ),
  };
}

export type ChoosableFeedListProps = Omit<FeedListProps, "choice"> & {
  chosen: ReadonlySet<string>;
  onToggle: (id: string) => void;
};

export function ChoosableFeedList({ chosen, onToggle, ...props }: ChoosableFeedListProps) {
  const full = chosenFull(chosen.size);
  return <FeedList {...props} choice={(item) => choiceOf(item, chosen, onToggle, full)} />;
}
