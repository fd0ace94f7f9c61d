import { Button, Card, CardContent, CopyButton, EmptyState, PageLoading, WebLayout } from "@shinian/ui";
import { getRouteApi, useNavigate, useRouter } from "@tanstack/react-router";
import { AppShell } from "../layout/app-shell.tsx";
import { useItem } from "./use-item.ts";

const route = getRouteApi("/_authenticated/_data/ideas/$id/original");

/** Opened by the idea's 查看原始想法 (item-reading.tsx marks the entry). */
const cameFromIdea = (router: ReturnType<typeof useRouter>) =>
  (router.history.location.state as { fromIdea?: boolean }).fromIdea === true;

/** /ideas/{id}/original: the words as typed, read-only, with a copy button (已复制 for 3 s). */
export function OriginalIdeaScreen() {
  const { id } = route.useParams();
  const { data, error } = useItem("idea", id);
  const router = useRouter();
  const navigate = useNavigate();
  return (
    <AppShell backHome>
      <WebLayout className="py-8">
        {error ? <EmptyState title="想法不存在" description={error} /> : null}
        {!data && !error ? <PageLoading /> : null}
        {data?.kind === "idea" ? (
          <div className="mx-auto flex max-w-3xl flex-col gap-4">
            <div className="flex items-center justify-between">
              <h1 className="font-bold text-xl">原始想法</h1>
              <div className="flex gap-2">
                <CopyButton text={data.item.originalContent} />
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    // Back to the idea it was opened from, or in its place: 返回 there then leaves
                    // the idea, never comes here again (a pushed link made the two loop).
                    cameFromIdea(router)
                      ? router.history.back()
                      : void navigate({ to: "/ideas/$id", params: { id }, replace: true })
                  }
                >
                  返回想法
                </Button>
              </div>
            </div>
            <Card>
              <CardContent>
                <p className="whitespace-pre-wrap" data-testid="original-content">
                  {data.item.originalContent}
                </p>
              </CardContent>
            </Card>
            <p className="text-muted-foreground text-xs">
              原文不会被 AI 修改。记录于 {new Date(data.item.createdAt).toLocaleString("zh-CN")}
            </p>
          </div>
        ) : null}
      </WebLayout>
    </AppShell>
  );
}
