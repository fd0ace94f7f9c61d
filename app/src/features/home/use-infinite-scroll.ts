import * as React from "react";

/** Infinite scroll: `loadMore` runs when the returned ref's element (the list's end) comes into view. */
export function useInfiniteScroll(hasMore: boolean, loadMore: () => void) {
  const sentinel = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);
  return sentinel;
}
