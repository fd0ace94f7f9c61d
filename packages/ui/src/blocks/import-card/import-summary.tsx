import { Alert } from "../../primitives/alert";
import { countOf, type ImportCardStatus } from "./import-status";

type Done = Extract<ImportCardStatus, { phase: "done" }>;

/** Up to this many refusals show at once; a longer list starts folded. */
export const REFUSALS_SHOWN_OPEN = 3;

/** 导入完成: N imported (by kind), M duplicates skipped, K refused with each (listed) reason. */
export function ImportSummary({ status }: { status: Done }) {
  const { imported, skipped, refused, refusedCount } = status;
  const parts = [`已导入 ${countOf(imported)} 条`, `${skipped} 条重复已跳过`];
  if (refusedCount > 0) parts.push(`${refusedCount} 条未能导入`);
  const cut = refusedCount > refused.length ? `（列出前 ${refused.length} 条）` : "";
  return (
    <div data-slot="import-summary" className="flex flex-col gap-3">
      <Alert
        tone={refusedCount > 0 ? "warning" : "success"}
        role="status"
        title="导入完成"
        description={parts.join("，")}
      >
        <p className="tabular-nums">
          想法 {imported.ideas} 条 · 笔记 {imported.notes} 条 · 对话 {imported.conversations} 个
        </p>
      </Alert>
      {refused.length > 0 ? (
        <details
          data-slot="import-refusals"
          open={refused.length <= REFUSALS_SHOWN_OPEN}
          className="rounded-md border border-border"
        >
          <summary className="cursor-pointer rounded-md px-3 py-2 font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
            未能导入的 {refusedCount} 条{cut}
          </summary>
          <ul
            aria-label="未能导入的条目"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach a long list to scroll it
            tabIndex={0}
            className="flex max-h-64 flex-col gap-2 overflow-y-auto border-border border-t px-3 py-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {refused.map((r, i) => (
              // refusals carry no id, and two may name the same item
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={i} className="break-words">
                <span className="font-medium">{r.item}</span>
                <span className="text-muted-foreground">：{r.message}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
