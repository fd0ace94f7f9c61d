/**
 * Marks a card's collapsed text `data-overflowing` when it holds more than it shows, so that 展开
 * appears. One ResizeObserver for every card: its callback runs after layout and before paint, so
 * reading the heights forces no extra layout and the button is there in the first painted frame.
 */
let observer: ResizeObserver | undefined;

const mark = (el: Element) => {
  // an expanded text shows everything: it keeps the mark it had, and with it 收起
  if (!(el instanceof HTMLElement) || el.dataset.state !== "collapsed") return;
  el.toggleAttribute("data-overflowing", el.scrollHeight > el.clientHeight + 1);
};

/** A ref callback: observes the element until React detaches it. */
export function observeOverflow(el: HTMLElement | null) {
  if (!el || typeof ResizeObserver === "undefined") return;
  observer ??= new ResizeObserver((entries) => {
    for (const entry of entries) mark(entry.target);
  });
  observer.observe(el);
  return () => observer?.unobserve(el);
}
