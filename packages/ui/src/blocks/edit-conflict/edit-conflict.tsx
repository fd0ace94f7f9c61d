import type * as React from "react";
import { cn } from "../../lib/cn";
import { Alert } from "../../primitives/alert";
import { Button } from "../../primitives/button";

export type EditConflictProps = React.ComponentProps<"section"> & {
  /** The server's words, e.g. 这条想法已在别处修改过. */
  heading: string;
  /** When the other version was saved, already formatted. */
  savedAt: string;
  /** The other version's title (may be empty) and text. */
  theirTitle?: string;
  theirContent: string;
  onKeepMine?: () => void;
  onTakeTheirs?: () => void;
  keepMineLabel?: string;
  takeTheirsLabel?: string;
};

/**
 * What another tab or device saved while the editor held an older version. The person's own words
 * stay in their editor; they keep them (saving over the other version) or take the other one.
 */
export function EditConflict({
  heading,
  savedAt,
  theirTitle,
  theirContent,
  onKeepMine,
  onTakeTheirs,
  keepMineLabel = "保留我的并覆盖",
  takeTheirsLabel = "改用这个版本",
  className,
  ...props
}: EditConflictProps) {
  return (
    <section
      data-slot="edit-conflict"
      aria-label="另一处保存的版本"
      className={cn("flex flex-col gap-3", className)}
      {...props}
    >
      <Alert
        tone="warning"
        title={heading}
        description={`你的修改还在上面的编辑框里，没有丢失。另一处在 ${savedAt} 保存的版本如下：`}
      />
      <div
        data-slot="edit-conflict-theirs"
        className="max-h-64 overflow-y-auto whitespace-pre-wrap break-words rounded-md border border-border bg-background p-3 text-sm"
      >
        {theirTitle ? <p className="mb-2 font-semibold">{theirTitle}</p> : null}
        {theirContent}
      </div>
      <div className="flex flex-wrap justify-end gap-2 max-md:[&>button]:h-11 max-md:[&>button]:flex-1">
        <Button variant="secondary" onClick={onTakeTheirs}>
          {takeTheirsLabel}
        </Button>
        <Button onClick={onKeepMine}>{keepMineLabel}</Button>
      </div>
    </section>
  );
}
