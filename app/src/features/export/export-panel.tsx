import { Button, Card, CardContent, CardHeader, CardTitle, Checkbox } from "@shinian/ui";
import * as React from "react";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { exportCardLoader } from "./export-card-loader.ts";
import { useExport } from "./use-export.ts";
import { useExportCooldown } from "./use-export-cooldown.ts";

/**
 * Shows beforehand when the next export is allowed, then starts the flow. During the
 * cooldown the button waits with a countdown: a policy is not a failure, so it never leads to 导出失败.
 */
export function ExportPanel() {
  const { status, machine, exporting } = useExport();
  const [includeTrash, setIncludeTrash] = React.useState(false);
  // re-read the permission when the panel opens and after each export ends
  const { state, remaining } = useExportCooldown(exporting ? null : status.status);
  // a refusal without a time (rare) leaves the button as it was: the click says why
  const waiting = state.kind === "waiting";

  return (
    <Card>
      <CardHeader>
        <CardTitle>导出全部数据</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-muted-foreground">
          想法、笔记、对话与资料打包为一个 ZIP 文件（Markdown + JSON）。
        </p>
        {state.kind !== "open" ? (
          <p className="text-warning text-sm" data-testid="export-next-allowed">
            下次可导出时间：
            {state.kind === "waiting" ? formatDateTime(new Date(state.until).toISOString()) : "未知"}
          </p>
        ) : null}
        <Checkbox
          id="export-include-trash"
          checked={includeTrash}
          onChange={(e) => setIncludeTrash(e.target.checked)}
        >
          同时导出回收站里的内容
        </Checkbox>
        <Button
          // the card first, then the export: it shows every state, however fast the click
          onClick={() =>
            void exportCardLoader
              .load()
              .catch(() => undefined)
              .then(() => machine.start({ includeTrash }))
          }
          disabled={exporting || waiting}
        >
          {remaining ? `${remaining}后可再次导出` : "导出全部数据"}
        </Button>
      </CardContent>
    </Card>
  );
}
