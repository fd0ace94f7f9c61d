import { isImeComposing } from "./ime";

type ShortcutEvent = Pick<
  KeyboardEvent,
  "key" | "metaKey" | "ctrlKey" | "altKey" | "isComposing" | "keyCode"
> & {
  target: EventTarget | null;
};

type MaybeEditable = { tagName?: string; isContentEditable?: boolean } | null;

/** True when the event happens where typing is expected: an input, textarea, select or contenteditable. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as MaybeEditable;
  if (!element) return false;
  const tag = element.tagName?.toUpperCase();
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || element.isContentEditable === true;
}

/**
 * True for the keys that focus the search pill: ⌘/Ctrl+K anywhere, and a bare `/` unless the
 * user is typing somewhere else (there it is just a slash).
 */
export function isSearchShortcut(event: ShortcutEvent): boolean {
  if (isImeComposing(event as KeyboardEvent)) return false;
  if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === "k") return true;
  const bare = !event.metaKey && !event.ctrlKey && !event.altKey;
  return bare && event.key === "/" && !isTypingTarget(event.target);
}
