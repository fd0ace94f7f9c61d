import * as React from "react";

/**
 * How the text being rendered shows its `[[idea:…]]` / `[[note:…]]` links: given by the app, lazily,
 * only where a text holds one (it renders LinkedText). Null, the default, leaves them as text, so
 * the first screen carries only this context.
 */
export const ItemLinksContext = React.createContext<((text: string) => React.ReactNode) | null>(null);

/** Text as the links context shows it: unchanged without one or without `[[`. */
export function useLinkedText() {
  const render = React.useContext(ItemLinksContext);
  return (text: string): React.ReactNode => (render && text.includes("[[") ? render(text) : text);
}
