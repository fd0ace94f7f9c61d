import type { ExportCardHost } from "./export-card-host.tsx";

/**
 * The export card's code, loaded when a screen offers the export rather than with the first
 * screen. An export starts only once the card is loaded (`load()` first), so the root layout
 * shows it from 检查权限 on, however fast the click.
 */
let host: typeof ExportCardHost | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export const exportCardLoader = {
  get: () => host,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  load(): Promise<void> {
    loading ??= import("./export-card-host.tsx").then(
      (m) => {
        host = m.ExportCardHost;
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        loading = null; // offline before it was ever cached: tried again on the next offer
        throw error;
      },
    );
    return loading;
  },
};
