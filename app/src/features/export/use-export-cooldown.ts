import * as React from "react";
import { fetchExportPermission } from "../../api/export.ts";
import { type Cooldown, createCooldown, type ExportCooldown, remainingText } from "./export-cooldown.ts";

let cooldown: ExportCooldown | null = null;

/** One for the app: the panel and the floating card count down to the same time. */
export function exportCooldown(): ExportCooldown {
  cooldown ??= createCooldown({
    checkPermission: () => fetchExportPermission().then((body) => ({ ...body, success: !!body?.success })),
  });
  return cooldown;
}

/**
 * The cooldown, asked of the server whenever `askKey` changes (a screen offering the export
 * opens, an export ends; null while one runs: the machine asks then), and how long is left, said
 * again every second while it waits.
 */
export function useExportCooldown(askKey: string | null): { state: Cooldown; remaining: string | null } {
  const c = exportCooldown();
  const state = React.useSyncExternalStore(c.subscribe, c.get);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again each time the key moves
  React.useEffect(() => {
    if (askKey !== null) void c.refresh();
  }, [askKey]);
  const [, tick] = React.useState(0);
  React.useEffect(() => {
    if (state.kind !== "waiting") return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [state]);
  return { state, remaining: state.kind === "waiting" ? remainingText(state.until - Date.now()) : null };
}
