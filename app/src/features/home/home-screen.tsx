import { MAX_ITEM_EDITS } from "@shinian/contract/constants";
import {
  Alert,
  Button,
  CaptureQueue,
  PageLoading,
  Tabs,
  TabsList,
  TabsTrigger,
  Tag,
  WebLayout,
} from "@shinian/ui";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { createNote, type FeedType } from "../../api/items.ts";
import { useAuth } from "../../auth/auth-context.tsx";
import { useMedia } from "../../hooks/use-media.ts";
import { itemsChanged } from "../../lib/items-changed.ts";
import { lazyPart } from "../../lib/lazy-part.ts";
import { UNTITLED_NOTE } from "../ideas/untitled-note.ts";
import { AppShell } from "../layout/app-shell.tsx";
import { Composer } from "./composer.tsx";
import { FeedList, type FeedListProps } from "./feed-list.tsx";
import { HomeMenuButton } from "./more-button.tsx";
import { isUnsaved, useFeed } from "./use-feed.ts";
import { useHomeCaptures } from "./use-home-captures.ts";
import { useInfiniteScroll } from "./use-infinite-scroll.ts";

// Loaded when a search is made, and when 多选 starts choosing: opening 首页 carries neither.
const SearchResults = React.lazy(() =>
  import("./search-results.tsx").then((m) => ({ default: m.SearchResults })),
);
const SelectionActions = React.lazy(() =>
  import("./selection-actions.tsx").then((m) => ({ default: m.SelectionActions })),
);
const ChoosableFeedList = React.lazy(() =>
  import("./selection-actions.tsx").then((m) => ({ default: m.ChoosableFeedList })),
);
// The tags: a column on a desktop, a sheet a tap away on a phone; neither in 首页's first chunk.
const TagPanel = React.lazy(() => import("./tag-panel.tsx"));
const TagSheet = React.lazy(() => import("./tag-sheet.tsx"));
// 首页 empty, and 记录想法 floating once a phone has scrolled: neither is on the first screen of a full feed.
const EmptyHome = lazyPart(() => import("./empty-home.tsx"));
const CaptureFab = lazyPart(() => import("./capture-fab.tsx"));
// 自动整理 not chosen yet (an account from before the guide asked): asked once, above the feed.
const AutoTidyQuestion = lazyPart(() => import("./auto-tidy-question.tsx"));
// 批注 still on this device (each under its idea), when there are any
const QueuedAnnotations = lazyPart(() => import("./queued-annotations.tsx"));
const DESKTOP = "(min-width: 1024px)";
/** 首页's four actions share a phone's width evenly (新建笔记 fits at 320 px), 44 px tall. */
const action = "max-md:h-11 max-md:flex-1 max-md:px-1";

const route = getRouteApi("/_authenticated/");

export function HomeScreen() {
  const { q, type = "all", tag, shared } = route.useSearch();
  const navigate = useNavigate({ from: "/" });
  const feed = useFeed(type, tag);
  const { user } = useAuth();
  const [captureError, setCaptureError] = React.useState<string | null>(null);
  const sentinel = useInfiniteScroll(feed.hasMore, feed.loadMore);
  const composerBox = React.useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = React.useState<Set<string> | null>(null);
  const multiSelect = React.useRef<HTMLButtonElement>(null);
  const toggle = (id: string) =>
    setChosen((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else if (next.size < MAX_ITEM_EDITS) next.add(id);
      return next;
    });
  // another tab, tag or search shows other items: what was chosen among the old ones is let go
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the signal
  React.useEffect(() => setChosen((old) => (old?.size ? new Set() : old)), [type, tag, q]);

  const setSearch = (next: { type?: FeedType; tag?: string | undefined }) =>
    void navigate({ search: (old) => ({ ...old, ...next }) });

  const wide = useMedia(DESKTOP);
  const [tagsOpen, setTagsOpen] = React.useState(false);
  // Moves when the tags may have changed: a saved capture (#标签 in it), a rename.
  const [tagsVersion, setTagsVersion] = React.useState(0);
  // a batch edit or its 撤销 (from a toast that may outlive this screen's choice), or another
  // device's change, moved tags
  React.useEffect(
    () =>
      itemsChanged.subscribe((change) => {
        if (change?.kind !== "change" || change.event.itemType !== "review") setTagsVersion((v) => v + 1);
      }),
    [],
  );
  const { queue, queued, syncStates, capture } = useHomeCaptures({
    userId: user?.id,
    feed,
    type,
    tag,
    onTagsChanged: () => setTagsVersion((v) => v + 1),
    onError: setCaptureError,
  });
  const tagPanel = {
    selected: tag,
    version: tagsVersion,
    onSelect: (next: string | undefined) => setSearch({ tag: next }),
    onRenamed: (next: string | undefined) => {
      if (next !== tag) void navigate({ search: (old) => ({ ...old, tag: next }), replace: true });
      else feed.reload();
    },
  };

  const newNote = async () => {
    try {
      const note = await createNote({ title: UNTITLED_NOTE, content: "" });
      await navigate({ to: "/notes/$id", params: { id: note.id } });
    } catch (e) {
      setCaptureError(errorMessage(e, "新建笔记失败"));
    }
  };

  // A phone's first scroll down brings in the floating 记录想法 (its code too).
  const [scrolled, setScrolled] = React.useState(false);
  React.useEffect(() => {
    if (wide || scrolled) return;
    const onScroll = () => window.scrollY > 200 && setScrolled(true);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [wide, scrolled]);

  const list: FeedListProps = {
    items: [...queued, ...feed.items],
    syncStates,
    selectedTag: tag,
    onOpen: (item) =>
      isUnsaved(item)
        ? undefined
        : void navigate(
            item.type === "idea"
              ? { to: "/ideas/$id", params: { id: item.id } }
              : { to: "/notes/$id", params: { id: item.id } },
          ),
    onTagClick: (t) => setSearch({ tag: t === tag ? undefined : t }),
    showKind: type === "all",
  };

  return (
    <AppShell query={q ?? ""}>
      {/* From 1024 px the tags take a column on the left, beside everything else. */}
      <WebLayout className="relative flex flex-col gap-4 py-4 md:gap-6 md:py-8 lg:pl-[17.5rem]">
        {/* The composer and the feed speak for themselves; a screen reader still needs the page's name. */}
        <h1 className="sr-only">首页</h1>
        {wide ? (
          <aside aria-label="标签栏" className="absolute inset-y-0 left-6 w-52 py-8">
            <div className="sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto">
              <React.Suspense fallback={null}>
                <TagPanel {...tagPanel} />
              </React.Suspense>
            </div>
          </aside>
        ) : (
          tagsOpen && (
            <React.Suspense fallback={null}>
              <TagSheet {...tagPanel} onOpenChange={setTagsOpen} />
            </React.Suspense>
          )
        )}
        <div ref={composerBox} className="scroll-mt-20">
          <Composer
            queueCapture={capture}
            onAnnotationQueued={queue.syncNow}
            shared={shared}
            // Once in the draft, the shared text leaves the URL: a reload must not add it again.
            onSharedTaken={() =>
              void navigate({ search: { q, tag, type: type === "all" ? undefined : type }, replace: true })
            }
          />
        </div>
        {wide || chosen || !scrolled ? null : (
          <React.Suspense fallback={null}>
            <CaptureFab composer={composerBox} />
          </React.Suspense>
        )}
        {user?.settings && !user.settings.autoTidyChosen ? (
          <React.Suspense fallback={null}>
            <AutoTidyQuestion />
          </React.Suspense>
        ) : null}
        {captureError ? <Alert tone="error" description={captureError} /> : null}
        <CaptureQueue
          pending={queue.items.filter((i) => i.state === "pending").length}
          refused={queue.items
            .filter((i) => i.state === "refused")
            .map((i) => ({ id: i.clientId, content: i.content, reason: i.reason ?? "" }))}
          offline={!queue.online}
          syncing={queue.syncing}
          onSyncNow={queue.syncNow}
          onRetry={(id) => void queue.retry(id)}
          onDelete={(id) => void queue.remove(id)}
        />
        {queue.annotations.length ? (
          <React.Suspense fallback={null}>
            <QueuedAnnotations queue={queue} />
          </React.Suspense>
        ) : null}
        {q ? (
          <React.Suspense fallback={<PageLoading text="正在搜索..." />}>
            <SearchResults query={q} />
          </React.Suspense>
        ) : (
          <section aria-label="我的想法和笔记" className="flex flex-col gap-4">
            {/* Phones: the tabs and 更多 on one line, the four actions sharing the next, a chosen tag below */}
            <div data-slot="home-toolbar" className="flex flex-wrap items-center gap-x-2 gap-y-2">
              <Tabs
                value={type}
                onValueChange={(value) => setSearch({ type: value as FeedType })}
                className="max-md:order-1 md:me-2"
              >
                <TabsList aria-label="内容类型">
                  <TabsTrigger value="all">全部</TabsTrigger>
                  <TabsTrigger value="idea">想法</TabsTrigger>
                  <TabsTrigger value="note">笔记</TabsTrigger>
                </TabsList>
              </Tabs>
              {tag ? (
                <div className="max-md:order-4 max-md:w-full">
                  <Tag
                    name={tag}
                    selected
                    onRemove={() => setSearch({ tag: undefined })}
                    removeLabel={(n) => `取消按 ${n} 筛选`}
                  />
                </div>
              ) : null}
              <div className="flex items-center gap-1.5 max-md:order-3 max-md:w-full md:ms-auto md:gap-2">
                {wide ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-haspopup="dialog"
                    className={action}
                    onClick={() => setTagsOpen(true)}
                  >
                    标签
                  </Button>
                )}
                <Button
                  ref={multiSelect}
                  variant={chosen ? "primary" : "secondary"}
                  size="sm"
                  aria-pressed={Boolean(chosen)}
                  className={action}
                  onClick={() => setChosen(chosen ? null : new Set())}
                >
                  多选
                </Button>
                <Button variant="secondary" size="sm" className={action} onClick={() => void newNote()}>
                  新建笔记
                </Button>
                <Button asChild variant="secondary" size="sm" className={action}>
                  <Link to="/review">每日回顾</Link>
                </Button>
              </div>
              <div className="max-md:order-2 max-md:ms-auto">
                <HomeMenuButton />
              </div>
            </div>
            {feed.error ? <Alert tone="error" description={feed.error} /> : null}
            {/* offline, the page's banner says it; this is for a server out of reach while online */}
            {feed.offline && queue.online ? (
              <Alert
                tone="warning"
                title="连不上服务器"
                description="显示的是本机保存的最近内容，连上后自动更新。"
              />
            ) : null}
            {chosen ? (
              // while 多选's chunk loads, a tap on a card must not open it: it was meant to tick it
              <React.Suspense fallback={<FeedList {...list} onOpen={() => undefined} />}>
                <ChoosableFeedList {...list} chosen={chosen} onToggle={toggle} />
              </React.Suspense>
            ) : (
              <FeedList {...list} />
            )}
            {chosen ? (
              <React.Suspense fallback={null}>
                <SelectionActions
                  chosen={feed.items.filter((item) => chosen.has(item.id))}
                  onDone={() => {
                    setChosen(null);
                    // the bar and the chosen cards' boxes go: focus back where 多选 began
                    multiSelect.current?.focus();
                  }}
                />
              </React.Suspense>
            ) : null}
            {feed.loading ? <PageLoading /> : null}
            {!feed.loading && !feed.error && feed.items.length === 0 && !queued.length ? (
              <React.Suspense fallback={null}>
                <EmptyHome />
              </React.Suspense>
            ) : null}
            {feed.hasMore ? (
              <div ref={sentinel} className="flex justify-center">
                <Button variant="ghost" onClick={feed.loadMore} disabled={feed.loading}>
                  加载更多
                </Button>
              </div>
            ) : null}
          </section>
        )}
      </WebLayout>
    </AppShell>
  );
}
