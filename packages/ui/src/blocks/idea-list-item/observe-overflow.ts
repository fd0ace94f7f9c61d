/**
 * Marks a card's collapsed text `data-overflowing` when it holds more than it shows, so that 展开
 * appears. One ResizeObserver for every card: its callback runs after layout and before paint, so
 * reading the heights forces no extra layout and the button is there in the first painted frame.
 * A link the collapsed text hides is taken out of the tab order until 展开 shows it: Tab would
 * otherwise land on something nobody can see.
 */
let observer: ResizeObserver | undefined;

const CLIPPED = "data-clipped";

const mark = (el: Element) => {
  if (!(el instanceof HTMLElement)) return;
  const collapsed = el.dataset.state === "collapsed";
  // an expanded text shows everything: it keeps the mark it had, and with it 收起
  if (collapsed) el.toggleAttribute("data-overflowing", el.scrollHeight > el.clientHeight + 1);
  const shownTo = el.getBoundingClientRect().bottom;
  for (const link of el.querySelectorAll<HTMLElement>("a[href]")) {
    const hidden = collapsed && link.getBoundingClientRect().bottom > shownTo + 1;
    if (hidden) {
      link.setAttribute(CLIPPED, "");
      link.tabIndex = -1;
    } else if (link.hasAttribute(CLIPPED)) {
      link.removeAttribute(CLIPPED);
      link.removeAttribute("tabindex");
    }
  }
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
