import * as React from "react";

/**
 * A lazily loaded part 首页 can do without: when its chunk cannot be fetched (offline before the
 * service worker has it), the part is left out instead of the screen failing.
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: React.ComponentType<P> }>) {
  return React.lazy(() => load().catch(() => ({ default: () => null })));
}
