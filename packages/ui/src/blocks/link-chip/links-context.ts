import * as React from "react";

/**
 * How the text being rendered shows its `[[idea:…]]` / `[[note:…]]` links: given by the app, lazily,
 * only where a text holds one (it renders LinkedText). Null, the default, leaves them as text, so
 * the first screen carries only this context.
 */
export const ItemLinksContext = React.createContext<RenderLinks | null>(null);

/**
 * Shows a text's links as chips; `renderRun` shows the plain runs between them (marked search
 * words, an answer's `[n]`), which are otherwise shown as they are.
 */
export type RenderLinks = (text: string, renderRun?: RenderRun) => React.ReactNode;
export type RenderRun = (run: string) => React.ReactNode;

const asWritten: RenderRun = (run) => run;

/** Text as the links context shows it; without one or without `[[`, as `renderRun` shows it. */
export function useLinkedText() {
  const render = React.useContext(ItemLinksContext);
  return (text: string, renderRun: RenderRun = asWritten): React.ReactNode =>
    render && text.includes("[[") ? render(text, renderRun) : renderRun(text);
}
