/**
 * Items came back or went away outside the screen showing them (撤销 of a delete, from a toast that
 * outlives its screen): lists that hold their own pages (首页's feed) read them again.
 */
const listeners = new Set<() => void>();

export const itemsChanged = {
  emit() {
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
