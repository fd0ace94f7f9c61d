import type { ExportStatus } from "@shinian/ui";
import * as React from "react";
import { fetchExportPermission, requestExport, saveBlob } from "../../api/export.ts";
import { exportCardLoader } from "./export-card-loader.ts";
import { createExportMachine, type ExportMachine } from "./export-machine.ts";

let machine: ExportMachine | null = null;

/** One machine for the whole app: the card floats over every screen while an export runs. */
export function exportMachine(): ExportMachine {
  machine ??= createExportMachine({
    checkPermission: (signal) =>
      fetchExportPermission(signal).then((body) => ({ ...body, success: !!body?.success })),
    requestExport,
    saveFile: saveBlob,
  });
  return machine;
}

export function useExport(): { status: ExportStatus; machine: ExportMachine; exporting: boolean } {
  const m = exportMachine();
  const status = React.useSyncExternalStore(m.subscribe, m.getStatus);
  React.useEffect(() => void exportCardLoader.load().catch(() => undefined), []);
  return { status, machine: m, exporting: m.isExporting() };
}
