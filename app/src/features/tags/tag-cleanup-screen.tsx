import { Alert, PageLoading, TagCleanup, TagRenameDialog, WebLayout } from "@shinian/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { renameTag } from "../../api/tags.ts";
import { mergeTags, tagCleanupQuery, tagListQuery } from "../../data/tag-cleanup.ts";
import { AppShell } from "../layout/app-shell.tsx";

/** /tag-cleanup, 标签整理: near-duplicate tags to merge and tags used once to rename. */
export function TagCleanupScreen() {
  const queryClient = useQueryClient();
  const cleanup = useQuery(tagCleanupQuery);
  const tags = useQuery(tagListQuery);
  const [notice, setNotice] = React.useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [renaming, setRenaming] = React.useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: ["tags"] });

  const merge = async (into: string, from: string[]) => {
    setNotice(null);
    try {
      await mergeTags(into, from);
      setNotice({ tone: "success", text: `已合并到「${into}」` });
    } catch (e) {
      setNotice({ tone: "error", text: errorMessage(e, "合并失败") });
      throw e;
    } finally {
      // a merge that failed part way may still have merged some: the list says what is left
      await reload();
    }
  };

  return (
    <AppShell backHome>
      <WebLayout className="flex flex-col gap-6 py-4 md:py-8">
        <h1 className="font-bold text-2xl">标签整理</h1>
        {notice ? <Alert tone={notice.tone} description={notice.text} /> : null}
        {cleanup.error ? (
          <Alert tone="error" description={errorMessage(cleanup.error, "标签整理加载失败")} />
        ) : null}
        {cleanup.isPending ? <PageLoading /> : null}
        {cleanup.data ? (
          <TagCleanup
            groups={cleanup.data.groups}
            singletons={cleanup.data.singletons}
            onMerge={merge}
            onRename={setRenaming}
          />
        ) : null}
        {renaming !== null ? (
          <TagRenameDialog
            open
            onOpenChange={(open) => (open ? undefined : setRenaming(null))}
            from={renaming}
            existing={(tags.data ?? []).map((t) => t.name)}
            count={(to) => renameTag({ from: renaming, to, dryRun: true })}
            onRename={async (to) => {
              await renameTag({ from: renaming, to });
              setNotice({ tone: "success", text: `已把「${renaming}」改为「${to}」` });
              await reload();
            }}
          />
        ) : null}
      </WebLayout>
    </AppShell>
  );
}
