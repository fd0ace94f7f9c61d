import { Pencil } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";

export type TagTreeItem = {
  /** The whole path, `读书/小说`. */
  name: string;
  /** Items carrying it or any tag under it. */
  count: number;
};

export type TagTreeProps = Omit<React.ComponentProps<"nav">, "onSelect"> & {
  /** Every tag path with its count; shown as a tree, the most used first, whatever the order given. */
  tags: TagTreeItem[];
  /** The tag the list is filtered by, if any. */
  selected?: string | undefined;
  /** Called with a tag, or undefined for 全部. */
  onSelect: (tag: string | undefined) => void;
  /** Shows a rename button on each row. */
  onRename?: (tag: string) => void;
  /** The first load: shows a placeholder instead of the list. */
  loading?: boolean;
  /** A load that failed, in Chinese. */
  error?: string | null;
  /** A calm line instead of the empty-list text, e.g. offline before the tags ever loaded. */
  notice?: React.ReactNode;
  /** Items in all, shown beside 全部. */
  total?: number;
};

const levelsOf = (name: string) => name.split("/");

/** Chinese names in pinyin order (阅读 after 读书), as a Chinese reader looks for them. */
const byPinyin = new Intl.Collator("zh-Hans-CN");

/**
 * Parents first, then their children; the tags of one level the most used first, the same count
 * in pinyin order (`counts`: every listed path's count).
 */
const treeOrder = (counts: Map<string, number>) => (a: TagTreeItem, b: TagTreeItem) => {
  const x = levelsOf(a.name);
  const y = levelsOf(b.name);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] === y[i]) continue;
    const count = (levels: string[]) => counts.get(levels.slice(0, i + 1).join("/")) ?? 0;
    return count(y) - count(x) || byPinyin.compare(x[i]!, y[i]!);
  }
  return x.length - y.length;
};

const row =
  "flex min-h-11 w-full min-w-0 cursor-pointer items-center gap-2 rounded-md pr-2 text-left text-sm outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring md:min-h-9";

/** The tags as a tree with counts: a child sits indented under its parent; 全部 clears the filter. */
export function TagTree({
  tags,
  selected,
  onSelect,
  onRename,
  loading = false,
  error = null,
  notice,
  total,
  className,
  ...props
}: TagTreeProps) {
  const sorted = [...tags].sort(treeOrder(new Map(tags.map((t) => [t.name, t.count]))));
  return (
    <nav data-slot="tag-tree" aria-label="标签" className={cn("flex flex-col gap-1", className)} {...props}>
      <ul className="flex flex-col gap-0.5">
        <li>
          <button
            type="button"
            aria-current={selected === undefined ? "true" : undefined}
            onClick={() => onSelect(undefined)}
            className={cn(
              row,
              "pl-2",
              selected === undefined ? "bg-primary-soft text-primary-soft-foreground" : "hover:bg-muted",
            )}
          >
            <span className="min-w-0 flex-1 truncate font-medium">全部</span>
            {total !== undefined ? (
              <span className="text-muted-foreground text-xs tabular-nums">{total}</span>
            ) : null}
          </button>
        </li>
        {sorted.map((tag) => {
          const levels = levelsOf(tag.name);
          const active = tag.name === selected;
          return (
            <li key={tag.name} data-slot="tag-tree-item" className="group flex items-center gap-0.5">
              <button
                type="button"
                aria-current={active ? "true" : undefined}
                aria-label={`${tag.name}，${tag.count} 条`}
                onClick={() => onSelect(tag.name)}
                style={{ paddingLeft: `${0.5 + (levels.length - 1) * 1}rem` }}
                className={cn(
                  row,
                  active ? "bg-primary-soft text-primary-soft-foreground" : "hover:bg-muted",
                )}
              >
                <span aria-hidden className="text-muted-foreground">
                  #
                </span>
                <span className="min-w-0 flex-1 truncate">{levels[levels.length - 1]}</span>
                <span className="text-muted-foreground text-xs tabular-nums">{tag.count}</span>
              </button>
              {onRename ? (
                <button
                  type="button"
                  aria-label={`改名或合并 ${tag.name}`}
                  onClick={() => onRename(tag.name)}
                  className="inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring md:size-9"
                >
                  <Pencil aria-hidden className="size-4" />
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {loading ? <p className="px-2 py-2 text-muted-foreground text-sm">正在加载标签…</p> : null}
      {error ? (
        <p role="alert" className="px-2 py-2 text-error text-sm">
          {error}
        </p>
      ) : null}
      {notice && !loading && !error && tags.length === 0 ? (
        <p data-slot="tag-tree-notice" className="px-2 py-2 text-muted-foreground text-sm">
          {notice}
        </p>
      ) : null}
      {!notice && !loading && !error && tags.length === 0 ? (
        <p className="px-2 py-2 text-muted-foreground text-sm">
          还没有标签。在想法里写 <span className="font-medium text-foreground">#标签</span> 即可添加， 用 /
          分级，如 #读书/小说。
        </p>
      ) : null}
    </nav>
  );
}
