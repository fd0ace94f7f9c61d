import { ExportCard } from "@shinian/ui";
import { useExport } from "./use-export.ts";
import { useExportCooldown } from "./use-export-cooldown.ts";

/** Mounted once in the root layout; renders nothing while the export is idle. */
export function ExportCardHost() {
  const { status } = useExport();
  return status.status === "idle" ? null : <VisibleCard />;
}

/** The card once an export has started: 再次导出 waits out the cooldown an export just began. */
function VisibleCard() {
  const { status, machine, exporting } = useExport();
  const { remaining } = useExportCooldown(exporting ? null : status.status);
  return (
    <ExportCard
      status={status}
      onCancel={machine.cancel}
      onClose={machine.reset}
      onRetry={() => void machine.retry()}
      retryWaitLabel={remaining && !exporting ? `${remaining}后可再次导出` : undefined}
    />
  );
}
