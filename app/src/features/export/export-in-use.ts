/**
 * Whether a screen on this page has offered the export yet. The root layout mounts the export
 * card, and so loads its code, only from then on: no first screen carries the export machinery,
 * and the card is ready before the first 导出 click, so it shows every state from 检查权限 on.
 */
let inUse = false;
const listeners = new Set<() => void>();

export const exportInUse = {
  get: () => inUse,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  mark() {
    if (inUse) return;
    inUse = true;
    for (const listener of listeners) listener();
  },
};
