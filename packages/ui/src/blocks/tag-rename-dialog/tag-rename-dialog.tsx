import * as React from "react";
import { Button } from "../../primitives/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../primitives/dialog";
import { Field } from "../../primitives/field";
import { Input } from "../../primitives/input";

export type TagRenameDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tag to rename, `读书`; the tags under it move with it. */
  from: string;
  /** The tags there are: a new name among them is a merge. */
  existing: readonly string[];
  /** How many items would change (the server's dry run); rejects with a Chinese message. */
  count: (to: string) => Promise<number>;
  /** Renames for real; rejects with a Chinese message, which the dialog shows. */
  onRename: (to: string) => Promise<void>;
};

const MAX_LENGTH = 20;

/** Why `to` cannot be a new name for `from`, or null. */
function problemWith(to: string, from: string): string | null {
  if (!to) return "请输入新名称";
  if (to === from) return "新名称与原名称相同";
  if (to.length > MAX_LENGTH) return `每个标签最多 ${MAX_LENGTH} 个字符`;
  if (to.split("/").some((level) => level.trim() !== level || level === "")) {
    return "标签的每一级都不能为空，也不能以空格开头或结尾";
  }
  return null;
}

const failure = (e: unknown) => (e instanceof Error && e.message ? e.message : "操作失败，请稍后重试");

/**
 * Renames or merges a tag in two steps: the new name, then how many items change (asked of the
 * server) before anything does.
 */
export function TagRenameDialog({
  open,
  onOpenChange,
  from,
  existing,
  count,
  onRename,
}: TagRenameDialogProps) {
  const [to, setTo] = React.useState(from);
  const [changed, setChanged] = React.useState<number | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  React.useEffect(() => {
    if (!open) return;
    setTo(from);
    setChanged(null);
    setError(null);
  }, [open, from]);

  const name = to.trim();
  const merge = existing.includes(name) && name !== from;
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };
  const next = (event: React.FormEvent) => {
    event.preventDefault();
    const problem = problemWith(name, from);
    if (problem) return setError(problem);
    void run(async () => setChanged(await count(name)));
  };
  const confirm = () =>
    run(async () => {
      await onRename(name);
      onOpenChange(false);
    });

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent size="sm" data-slot="tag-rename-dialog">
        {changed === null ? (
          <form onSubmit={next} className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>改名或合并标签</DialogTitle>
              <DialogDescription>
                「{from}」下的标签（如 {from}/…）会一起改名；新名称已存在时，两个标签合并为一个。
              </DialogDescription>
            </DialogHeader>
            <Field label="新名称" error={error ?? undefined} hint="用 / 分级，如 读书/小说">
              {(control) => (
                <Input
                  {...control}
                  value={to}
                  maxLength={MAX_LENGTH + 5}
                  onChange={(e) => {
                    setTo(e.target.value);
                    setError(null);
                  }}
                  invalid={Boolean(error)}
                  autoComplete="off"
                />
              )}
            </Field>
            <DialogFooter>
              <Button type="button" variant="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
                取消
              </Button>
              <Button type="submit" loading={busy}>
                下一步
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <div className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>{merge ? "确认合并标签？" : "确认改名？"}</DialogTitle>
              <DialogDescription>
                {changed === 0
                  ? `没有内容带「${from}」，不会有改动。`
                  : merge
                    ? `将把 ${changed} 条内容的「${from}」合并到已有的「${name}」，其下的标签一起移过去。`
                    : `将把 ${changed} 条内容的「${from}」改为「${name}」，其下的标签一起改名。`}
              </DialogDescription>
              {changed === 0 ? null : (
                <p data-slot="tag-rename-dialog-text-note" className="text-muted-foreground text-sm">
                  正文里写的 #{from} 也会一起改写；原始想法保持原样。
                </p>
              )}
            </DialogHeader>
            {error ? (
              <p role="alert" className="text-error text-sm">
                {error}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="secondary" disabled={busy} onClick={() => setChanged(null)}>
                返回修改
              </Button>
              <Button type="button" loading={busy} disabled={changed === 0} onClick={() => void confirm()}>
                {merge ? "确认合并" : "确认改名"}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
