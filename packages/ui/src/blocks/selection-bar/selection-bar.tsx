import { Layers, Minus, Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";
import { Alert } from "../../primitives/alert";
import { Button } from "../../primitives/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../primitives/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../primitives/dropdown-menu";
import { Field } from "../../primitives/field";
import { Input } from "../../primitives/input";
import { Tag } from "../../primitives/tag";

/** Which action is running: its button spins, the others wait. */
export type SelectionBusy = "delete" | "add-tag" | "remove-tag" | "compose";

export type SelectionBarProps = Omit<React.ComponentProps<"section">, "children"> & {
  /** How many items are chosen. */
  count: number;
  /** Said beside the count when no more can be chosen, e.g. 最多选 100 条. */
  full?: string | null;
  onCancel: () => void;
  onDelete: () => void;
  /** 加标签: a name the person typed or picked, checked by `validateTag` first. */
  onAddTag: (tag: string) => void;
  /** Offered in 加标签 for one tap (the person's most used tags). */
  suggestedTags?: readonly string[];
  /** Why a typed name cannot be a tag (null: it can). */
  validateTag?: (tag: string) => string | null;
  /** The tags the chosen items carry: 去标签 lists them. */
  chosenTags: readonly string[];
  onRemoveTag: (tag: string) => void;
  onCompose: () => void;
  /** Why 整理成笔记 cannot take this choice (a note, an idea kept from the AI); shown instead of `composeNote`. */
  composeBlocked?: string | null;
  /** What 整理成笔记 costs. */
  composeNote?: string;
  busy?: SelectionBusy | null;
  error?: string | null;
};

/**
 * The bar under 首页's list while items are chosen: 删除, 加标签, 去标签 and 整理成笔记, each once
 * for all of them. Two columns of 44 px buttons on a phone (it fits 320 px), one row from 640 px.
 */
export function SelectionBar({
  count,
  full,
  onCancel,
  onDelete,
  onAddTag,
  suggestedTags = [],
  validateTag,
  chosenTags,
  onRemoveTag,
  onCompose,
  composeBlocked,
  composeNote,
  busy = null,
  error,
  className,
  ...props
}: SelectionBarProps) {
  const [adding, setAdding] = React.useState(false);
  const none = count === 0;
  const waiting = busy !== null;
  const action = "max-sm:h-11 max-sm:w-full";
  return (
    <section
      aria-label="批量操作"
      data-slot="selection-bar"
      className={cn(
        "sticky bottom-4 z-10 flex flex-col gap-3 rounded-lg border border-border bg-background p-3 shadow-lg sm:p-4",
        className,
      )}
      {...props}
    >
      {error ? <Alert tone="error" description={error} /> : null}
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm" aria-live="polite">
          已选 <strong>{count}</strong> 条{full ? `（${full}）` : null}
        </p>
        <Button variant="ghost" size="sm" className="max-sm:h-11" onClick={onCancel}>
          取消
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button
          variant="secondary"
          size="sm"
          className={cn(action, "text-error")}
          disabled={none || (waiting && busy !== "delete")}
          loading={busy === "delete"}
          onClick={onDelete}
        >
          <Trash2 aria-hidden />
          删除
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className={action}
          aria-haspopup="dialog"
          disabled={none || (waiting && busy !== "add-tag")}
          loading={busy === "add-tag"}
          onClick={() => setAdding(true)}
        >
          <Plus aria-hidden />
          加标签
        </Button>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger
            asChild
            disabled={none || chosenTags.length === 0 || (waiting && busy !== "remove-tag")}
          >
            <Button variant="secondary" size="sm" className={action} loading={busy === "remove-tag"}>
              <Minus aria-hidden />
              去标签
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" aria-label="去掉哪个标签">
            {chosenTags.map((tag) => (
              <DropdownMenuItem key={tag} onSelect={() => onRemoveTag(tag)}>
                #{tag}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
        <Button
          size="sm"
          className={action}
          disabled={none || Boolean(composeBlocked) || (waiting && busy !== "compose")}
          loading={busy === "compose"}
          onClick={onCompose}
        >
          <Layers aria-hidden />
          整理成笔记
        </Button>
      </div>
      {composeBlocked || composeNote ? (
        <p className="text-muted-foreground text-xs">{composeBlocked || composeNote}</p>
      ) : null}
      <AddTagDialog
        open={adding}
        onOpenChange={setAdding}
        count={count}
        suggestedTags={suggestedTags}
        validateTag={validateTag}
        onAdd={(tag) => {
          setAdding(false);
          onAddTag(tag);
        }}
      />
    </section>
  );
}

function AddTagDialog({
  open,
  onOpenChange,
  count,
  suggestedTags,
  validateTag,
  onAdd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  suggestedTags: readonly string[];
  validateTag?: (tag: string) => string | null;
  onAdd: (tag: string) => void;
}) {
  const [name, setName] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (open) {
      setName("");
      setError(null);
    }
  }, [open]);
  const submit = (raw: string) => {
    const tag = raw.trim().replace(/^#/, "");
    const problem = tag ? (validateTag?.(tag) ?? null) : "请输入标签";
    if (problem) setError(problem);
    else onAdd(tag);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit(name);
          }}
        >
          <DialogHeader>
            <DialogTitle>加标签</DialogTitle>
            <DialogDescription>给选中的 {count} 条内容都加上这个标签，之后可以撤销。</DialogDescription>
          </DialogHeader>
          <Field id="selection-add-tag" label="标签" error={error ?? undefined}>
            {(control) => (
              <Input
                {...control}
                value={name}
                autoComplete="off"
                placeholder="例如 读书/小说"
                onChange={(event) => {
                  setName(event.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
          {suggestedTags.length ? (
            <ul aria-label="常用标签" className="flex flex-wrap gap-x-2 gap-y-5 lg:gap-y-2">
              {suggestedTags.map((tag) => (
                <li key={tag}>
                  <Tag name={tag} onClick={() => submit(tag)} />
                </li>
              ))}
            </ul>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="ghost" className="max-sm:h-11" onClick={() => onOpenChange(false)}>
              取消
            </Button>
            <Button type="submit" className="max-sm:h-11">
              添加
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
