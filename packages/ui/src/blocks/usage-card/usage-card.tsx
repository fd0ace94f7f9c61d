import { cn } from "../../lib/cn";
import { formatStorage } from "../../lib/format-storage";
import { Alert } from "../../primitives/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../primitives/card";
import { Progress, type ProgressTone } from "../../primitives/progress";

export type UsageCardProps = {
  /** Ideas + notes, those in 回收站 too. */
  items: number;
  /** null: no limit. */
  maxItems: number | null;
  bytes: number;
  maxBytes: number | null;
  className?: string;
};

/** From this share of a limit on, the bar turns amber: time to tidy up. */
export const USAGE_NEAR = 0.9;

type Level = "normal" | "near" | "full";
const levelOf = (used: number, max: number | null): Level =>
  max === null ? "normal" : used >= max ? "full" : used >= max * USAGE_NEAR ? "near" : "normal";
const TONE: Record<Level, ProgressTone> = { normal: "primary", near: "warning", full: "error" };

/**
 * 存储空间 on 个人资料: what the account stores against its quota, items and bytes, each with a bar
 * (none when unlimited). Says that 回收站 counts, and what happens at the limit.
 */
export function UsageCard({ items, maxItems, bytes, maxBytes, className }: UsageCardProps) {
  const itemLevel = levelOf(items, maxItems);
  const byteLevel = levelOf(bytes, maxBytes);
  const both = [itemLevel, byteLevel];
  const level: Level = both.includes("full") ? "full" : both.includes("near") ? "near" : "normal";
  return (
    <Card data-slot="usage-card" data-level={level} className={className}>
      <CardHeader>
        <CardTitle>存储空间</CardTitle>
        <CardDescription>回收站里的内容也占用空间，彻底删除后才会释放。</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Meter
          label="想法和笔记"
          used={`${items.toLocaleString("zh-CN")} 条`}
          max={maxItems === null ? null : `${maxItems.toLocaleString("zh-CN")} 条`}
          percent={maxItems ? (items / maxItems) * 100 : null}
          level={itemLevel}
        />
        <Meter
          label="已用空间"
          used={formatStorage(bytes)}
          max={maxBytes === null ? null : formatStorage(maxBytes)}
          percent={maxBytes ? (bytes / maxBytes) * 100 : null}
          level={byteLevel}
        />
        {level === "normal" ? null : (
          <Alert
            // a standing state of the page, read in its turn: not an interruption
            role="status"
            tone={level === "full" ? "error" : "warning"}
            title={level === "full" ? "已达上限" : "快到上限了"}
            description={`${level === "full" ? "新的内容暂时无法保存。" : ""}删除不需要的想法或笔记，再到回收站彻底删除，就能腾出空间。`}
          />
        )}
      </CardContent>
    </Card>
  );
}

function Meter(props: {
  label: string;
  used: string;
  max: string | null;
  percent: number | null;
  level: Level;
}) {
  const { label, used, max, percent, level } = props;
  const text = max === null ? `${used}（不限）` : `${used} / ${max}`;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="text-muted-foreground">{label}</span>
        <span
          className={cn(
            "tabular-nums",
            level === "full" && "font-semibold text-error",
            level === "near" && "font-semibold",
          )}
        >
          {text}
        </span>
      </div>
      {percent === null ? null : (
        <Progress value={percent} tone={TONE[level]} aria-label={`${label}：${text}`} aria-valuetext={text} />
      )}
    </div>
  );
}
