import * as React from "react";
import { Button } from "../../primitives/button";
import { Checkbox } from "../../primitives/checkbox";
import { countOf, type ImportCardStatus } from "./import-status";

type Previewed = Extract<ImportCardStatus, { phase: "previewed" }>;

export type ImportPreviewProps = {
  status: Previewed;
  onStart?: (options: { takeProfile: boolean }) => void;
  onCancel?: () => void;
};

/** `2023-01-05 至 2026-11-20`, one day alone, or null for an empty file. */
function dayRange(from: string | null, to: string | null) {
  if (!from || !to) return null;
  const [first, last] = [from.slice(0, 10), to.slice(0, 10)];
  return first === last ? first : `${first} 至 ${last}`;
}

/** What the file holds, before anything is imported: 开始导入 or 取消. */
export function ImportPreview({ status, onStart, onCancel }: ImportPreviewProps) {
  const [takeProfile, setTakeProfile] = React.useState(false);
  const profileId = React.useId();
  const { preview } = status;
  const empty = countOf(preview) === 0;
  const range = dayRange(preview.from, preview.to);
  const counts = [`想法 ${preview.ideas} 条`, `笔记 ${preview.notes} 条`, `对话 ${preview.conversations} 个`];
  return (
    <div data-slot="import-preview" className="flex flex-col gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
        <dt className="text-muted-foreground">文件类型</dt>
        <dd className="font-medium">{status.kindLabel}</dd>
        <dt className="text-muted-foreground">文件</dt>
        {/* a long name breaks where it must, not in the middle of its first word */}
        <dd className="wrap-anywhere">{status.fileName}</dd>
        <dt className="text-muted-foreground">内容</dt>
        <dd data-slot="import-preview-counts" className="tabular-nums">
          {/* a narrow phone breaks the line between counts, never inside one nor before a · */}
          {counts.map((count, i) => (
            <React.Fragment key={count}>
              {i > 0 ? " " : null}
              <span className="whitespace-nowrap">{i < counts.length - 1 ? `${count} ·` : count}</span>
            </React.Fragment>
          ))}
        </dd>
        {range ? (
          <>
            <dt className="text-muted-foreground">时间范围</dt>
            <dd className="tabular-nums">{range}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">重复</dt>
        <dd data-slot="import-preview-duplicates" className="tabular-nums">
          {preview.duplicates > 0 ? `${preview.duplicates} 条重复将跳过` : "没有重复的内容"}
        </dd>
      </dl>
      {empty ? <p className="text-muted-foreground">这个文件里没有可以导入的内容。</p> : null}
      {status.offersProfile ? (
        <Checkbox id={profileId} checked={takeProfile} onChange={(e) => setTakeProfile(e.target.checked)}>
          同时导入昵称和自我介绍
        </Checkbox>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onCancel}>
          取消
        </Button>
        <Button size="sm" disabled={empty} onClick={() => onStart?.({ takeProfile })}>
          开始导入
        </Button>
      </div>
    </div>
  );
}
