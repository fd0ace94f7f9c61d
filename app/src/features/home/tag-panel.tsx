import { isWithin, renamedTag } from "@shinian/contract/tag-paths";
import { TagTree } from "@shinian/ui";
import { Link } from "@tanstack/react-router";
import * as React from "react";
import { renameTag } from "../../api/tags.ts";
import { useTags } from "./use-tags.ts";

// Loaded when a rename starts: the list alone is what 首页 shows.
const TagRenameDialog = React.lazy(() => import("./tag-rename.tsx"));

export type TagPanelProps = {
  selected: string | undefined;
  onSelect: (tag: string | undefined) => void;
  /** After a rename: the filter's new name (when it moved) and a reason to load the list again. */
  onRenamed: (selected: string | undefined) => void;
  /** Changes when the tags may have changed (a capture, a rename). */
  version: number;
  className?: string;
};

/**
 * 首页's tags: the tree with counts, renaming or merging one (loaded lazily, see home-screen), and
 * the way to 标签整理.
 */
export default function TagPanel({ selected, onSelect, onRenamed, version, className }: TagPanelProps) {
  const [renamed, setRenamed] = React.useState(0);
  const { tags, error, offline } = useTags(version + renamed);
  const [renaming, setRenaming] = React.useState<string | null>(null);
  return (
    <div className={className}>
      <TagTree
        tags={tags ?? []}
        loading={tags === null && !error && !offline}
        error={error}
        notice={tags === null && offline ? "离线中，联网后显示标签" : undefined}
        selected={selected}
        onSelect={onSelect}
        onRename={setRenaming}
      />
      {tags?.length ? (
        // a plain link, not a Button: this panel is on 首页's first screen on a desktop
        <Link
          to="/tag-cleanup"
          className="mt-2 flex min-h-11 items-center rounded-md px-2 text-muted-foreground text-sm outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring md:min-h-9"
        >
          标签整理
        </Link>
      ) : null}
      {renaming !== null ? (
        <React.Suspense fallback={null}>
          <TagRenameDialog
            open
            onOpenChange={(open) => (open ? undefined : setRenaming(null))}
            from={renaming}
            existing={(tags ?? []).map((t) => t.name)}
            count={(to) => renameTag({ from: renaming, to, dryRun: true })}
            onRename={async (to) => {
              await renameTag({ from: renaming, to });
              setRenamed((n) => n + 1);
              onRenamed(
                selected !== undefined && isWithin(selected, renaming)
                  ? renamedTag(selected, renaming, to)
                  : selected,
              );
            }}
          />
        </React.Suspense>
      ) : null}
    </div>
  );
}
