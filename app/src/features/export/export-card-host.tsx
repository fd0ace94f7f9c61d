import { ExportCard } from "@shinian/ui";
import { useExport } from "./use-export.ts";

/** Mounted once in the root layout; renders nothing while the export is idle. */
export function ExportCardHost() {
  const { status, machine } = useExport();
  return (
    <ExportCard
      status={status}
      onCancel={machine.cancel}
      onClose={machine.reset}
      onRetry={() => void machine.retry()}
    />
  );
}
