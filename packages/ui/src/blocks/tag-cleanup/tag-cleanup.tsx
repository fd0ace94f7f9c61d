import { Sparkles } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";
import { Button } from "../../primitives/button";
import { ConfirmDialog } from "../../primitives/confirm-dialog";
import { EmptyState } from "../../primitives/empty-state";

export type TagCleanupTag = { name: string; count: number };
/** Tags that differ only in 繁简, width, case or trailing punctuation, the most used first. */
export type TagCleanupGroup = { tags: TagCleanupTag[] };

export type TagCleanupProps = Omit<React.ComponentProps<"div">, "children"> & {
  groups: readonly TagCleanupGroup[];
  /** Tags only one item carries. */
  singletons: readonly string[];
  /**
   * Merges `from` into `into`, once the person has confirmed; rejects with a Chinese message when it
   * fails (the confirmation then stays open, for another try).
   */
  onMerge: (into: string, from: string[]) => Promise<void>;
  /** Starts renaming a tag (the rename dialog asks before it changes anything). */
  onRename: (tag: string) => void;
};

const quoted = (tags: readonly string[]) => tags.map((t) => `「${t}」`).join("");

/**
 * 标签整理: groups of near-duplicate tags, each merged into the one chosen (the most used at first),
 * and the tags used only once, each to rename. A merge is confirmed before anything changes.
 */
export function TagCleanup({ groups, singletons, onMerge, onRename, className, ...props }: TagCleanupProps) {
  // kept while the confirmation closes, so its words stay put as it fades
  const [merging, setMerging] = React.useState<{ into: string; from: string[] } | null>(null);
  const [confirming, setConfirming] = React.useState(false);
  if (!groups.length && !singletons.length) {
    return (
      <EmptyState
        data-slot="tag-cleanup"
        className={className}
        icon={<Sparkles />}
        title="标签很整齐，没有需要整理的"
        description="只差繁简、全半角、大小写或末尾标点的标签，和只用过一次的标签，会列在这里。"
      />
    );
  }
  return (
    <div data-slot="tag-cleanup" className={cn("flex min-w-0 flex-col gap-6", className)} {...props}>
      {groups.length ? (
        <section aria-labelledby="tag-cleanup-groups" className="flex flex-col gap-3">
          <header className="flex flex-col gap-1">
            <h2 id="tag-cleanup-groups" className="font-semibold text-base">
              相近的标签
            </h2>
            <p className="text-muted-foreground text-sm">
              只差繁简、全半角、大小写或末尾标点。选一个保留，其余合并进去。
            </p>
          </header>
          <ul className="flex flex-col gap-3">
            {groups.map((group) => (
              <TagGroupRow
                key={group.tags.map((t) => t.name).join("\n")}
                group={group}
                onMerge={(into, from) => {
                  setMerging({ into, from });
                  setConfirming(true);
                }}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {singletons.length ? (
        <section aria-labelledby="tag-cleanup-singletons" className="flex flex-col gap-3">
          <header className="flex flex-col gap-1">
            <h2 id="tag-cleanup-singletons" className="font-semibold text-base">
              只用过一次的标签
            </h2>
            <p className="text-muted-foreground text-sm">只有一条内容带着它们，可以改成常用的名称。</p>
          </header>
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
            {singletons.map((tag) => (
              <li
                key={tag}
                data-slot="tag-cleanup-singleton"
                className="flex min-h-12 items-center gap-2 pr-2 pl-4"
              >
                <span className="min-w-0 flex-1 truncate text-sm">
                  <span aria-hidden className="text-muted-foreground">
                    #
                  </span>
                  {tag}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  className="max-lg:h-11"
                  aria-label={`重命名 ${tag}`}
                  onClick={() => onRename(tag)}
                >
                  重命名
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={merging ? `把${quoted(merging.from)}合并到「${merging.into}」？` : ""}
        description="带这些标签的内容都会改用保留的名称，正文里的 #标签 一起改写；原始想法保持原样。"
        confirmLabel="合并"
        onConfirm={() => (merging ? onMerge(merging.into, merging.from) : undefined)}
      />
    </div>
  );
}

function TagGroupRow({
  group,
  onMerge,
}: {
  group: TagCleanupGroup;
  onMerge: (into: string, from: string[]) => void;
}) {
  const name = React.useId();
  const [into, setInto] = React.useState(group.tags[0]!.name);
  const from = group.tags.map((t) => t.name).filter((t) => t !== into);
  return (
    <li
      data-slot="tag-cleanup-group"
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
    >
      <fieldset className="flex min-w-0 flex-wrap gap-2">
        <legend className="sr-only">保留哪一个</legend>
        {group.tags.map((tag) => (
          <label
            key={tag.name}
            className={cn(
              "inline-flex min-h-11 min-w-0 max-w-full cursor-pointer items-center gap-2 rounded-md border px-3 text-sm transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ring md:min-h-9",
              tag.name === into
                ? "border-primary bg-primary-soft text-primary-soft-foreground"
                : "border-border hover:bg-muted",
            )}
          >
            <input
              type="radio"
              name={name}
              value={tag.name}
              checked={tag.name === into}
              onChange={() => setInto(tag.name)}
              className="size-4 shrink-0 accent-primary"
            />
            <span className="min-w-0 truncate">
              <span aria-hidden className="text-muted-foreground">
                #
              </span>
              {tag.name}
            </span>
            <span className="shrink-0 text-muted-foreground text-xs tabular-nums">{tag.count} 条</span>
          </label>
        ))}
      </fieldset>
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 text-muted-foreground text-sm">
          保留「{into}」，合并其余 {from.length} 个
        </p>
        <Button
          size="sm"
          className="max-lg:h-11"
          aria-label={`合并到 ${into}`}
          onClick={() => onMerge(into, from)}
        >
          合并
        </Button>
      </div>
    </li>
  );
}
