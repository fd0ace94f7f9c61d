import { Button, Card, CardContent, CardHeader, CardTitle, Checkbox } from "@shinian/ui";
import * as React from "react";
import { fetchExportPermission } from "../../api/export.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { exportCardLoader } from "./export-card-loader.ts";
import { useExport } from "./use-export.ts";

/** Shows beforehand when the next export is allowed (PRODUCT §7), then starts the flow. */
export function ExportPanel() {
  const { status, machine, exporting } = useExport();
  const [next, setNext] = React.useState<string | null | undefined>(undefined);
  const [includeTrash, setIncludeTrash] = React.useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read the permission after each export ends.
  React.useEffect(() => {
    if (exporting) return;
    fetchExportPermission().then(
      (body) => setNext(body.data?.canExport ? null : (body.data?.nextAllowedDate ?? "未知")),
      () => setNext(undefined),
    );
  }, [exporting, status.status]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>导出全部数据</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-muted-foreground">
          想法、笔记、对话与资料打包为一个 ZIP 文件（Markdown + JSON）。
        </p>
        {next ? (
          <p className="text-warning text-sm" data-testid="export-next-allowed">
            下次可导出时间：
            {next === "未知" ? next : formatDateTime(next)}
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
          disabled={exporting}
        >
          导出全部数据
        </Button>
      </CardContent>
    </Card>
  );
}
