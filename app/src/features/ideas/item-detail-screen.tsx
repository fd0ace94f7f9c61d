import type { Idea } from "@shinian/contract";
import { attachmentRefs } from "@shinian/contract/attachment-refs";
import {
  Alert,
  Button,
  ConfirmDialog,
  EditConflict,
  EmptyState,
  Field,
  Input,
  PageLoading,
  Tag,
  Textarea,
  TwoPaneLayout,
  useMarkdownReady,
} from "@shinian/ui";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { errorMessage, isApiError } from "../../api/client.ts";
import { deleteIdea, deleteNote, updateIdea, updateNote } from "../../api/items.ts";
import { itemKeys, type LoadedItem } from "../../data/items.ts";
import { queryClient } from "../../data/query-client.ts";
import { useDraft, useEditedField } from "../../hooks/use-draft.ts";
import { SideChat } from "../chat/side-chat.tsx";
import { AppShell } from "../layout/app-shell.tsx";
import { ReviewExclusionButton } from "../review/review-exclusion-button.tsx";
import { IdeaAiVersions } from "./idea-ai-versions.tsx";
import { IdeaAttachments } from "./idea-attachments.tsx";
import { NoteContentEditor } from "./note-content-editor.tsx";
import { parseTags } from "./parse-tags.ts";
import { RelatedItems } from "./related-items.tsx";
import { useItem } from "./use-item.ts";

const ideaRoute = getRouteApi("/_authenticated/_data/ideas/$id/");
const noteRoute = getRouteApi("/_authenticated/_data/notes/$id");

export function IdeaDetailScreen() {
  const { id } = ideaRoute.useParams();
  return <ItemDetail kind="idea" id={id} />;
}

export function NoteDetailScreen() {
  const { id } = noteRoute.useParams();
  return <ItemDetail kind="note" id={id} />;
}

/** /ideas/{id} and /notes/{id}: one two-pane screen (PRODUCT §4). */
function ItemDetail({ kind, id }: { kind: "idea" | "note"; id: string }) {
  const { data, error, offline, set } = useItem(kind, id);
  // The note's preview and the side chat's answers are Markdown, whose parser is a chunk of its
  // own: it loads beside the item and the screen waits for both, so no text jumps when it lands.
  const markdownReady = useMarkdownReady();
  // A tidy, 采用此版本 or 自动整理 landing replaces the text: the editor starts again from it.
  // The editor's own saves only update `data` (so its message and state stay).
  const [revision, setRevision] = React.useState(0);
  const replace = React.useCallback(
    (loaded: LoadedItem) => {
      set(loaded);
      setRevision((r) => r + 1);
    },
    [set],
  );
  const showIdea = React.useCallback((item: Idea) => replace({ kind: "idea", item }), [replace]);
  return (
    <AppShell backHome>
      {error ? (
        <div className="p-10">
          <EmptyState title={kind === "idea" ? "想法不存在" : "笔记不存在"} description={error} />
        </div>
      ) : data && markdownReady ? (
        <TwoPaneLayout
          leftLabel={kind === "idea" ? "想法" : "笔记"}
          left={
            // Offline this is the copy kept when it was last opened: readable, not editable.
            <fieldset disabled={offline} className="contents">
              {offline ? (
                <div className="px-6 pt-6">
                  <Alert
                    tone="warning"
                    title="离线"
                    description="这是最近一次打开时的内容，联网后才能编辑。"
                  />
                </div>
              ) : null}
              <Editor
                key={`${data.item.id}:${revision}:${offline}`}
                loaded={data}
                onSaved={set}
                onReplaced={replace}
              />
              {data.kind === "idea" ? (
                <div className="px-6 pb-8">
                  <IdeaAiVersions idea={data.item} onIdeaChange={showIdea} />
                </div>
              ) : null}
            </fieldset>
          }
          right={
            <fieldset disabled={offline} className="flex h-full min-w-0 flex-col">
              <RelatedItems
                kind={kind}
                id={data.item.id}
                version={data.item.updatedAt}
                askText={data.item.title || (data.kind === "idea" ? data.item.originalContent : "")}
              />
              <div className="min-h-[420px] flex-1 border-border border-t bg-background">
                <SideChat
                  key={data.item.id}
                  type={kind}
                  id={data.item.id}
                  aiExcluded={data.kind === "idea" && data.item.aiExcluded}
                />
              </div>
            </fieldset>
          }
        />
      ) : (
        <PageLoading />
      )}
    </AppShell>
  );
}

type EditorProps = {
  loaded: LoadedItem;
  /** The editor's own save landed: only the data changes, the editor keeps its state. */
  onSaved: (saved: LoadedItem) => void;
  /** Another version replaces what is being edited: the editor starts again from it. */
  onReplaced: (other: LoadedItem) => void;
};

function Editor({ loaded, onSaved, onReplaced }: EditorProps) {
  const navigate = useNavigate();
  const { kind, item } = loaded;
  // every field keeps what was typed until saved (PRODUCT §5: nothing typed is lost)
  const [title, setTitle, clearTitle] = useEditedField(`${kind}:${item.id}:title`, item.title);
  const [content, setContent] = useDraft(`${kind}:${item.id}`);
  const [tags, setTags, clearTags] = useEditedField(`${kind}:${item.id}:tags`, item.tags.join(" "));
  const [pinned, setPinned] = React.useState(item.pinned);
  const [aiExcluded, setAiExcluded] = React.useState(kind === "idea" ? loaded.item.aiExcluded : false);
  const [message, setMessage] = React.useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [saving, setSaving] = React.useState(false);
  const [uploading, setUploading] = React.useState(false);
  const [confirming, setConfirming] = React.useState(false);
  // What another tab or device saved since this editor opened its version (a 409 on save).
  const [theirs, setTheirs] = React.useState<{ version: LoadedItem; message: string } | null>(null);
  const text = content || item.content;
  // an idea's pictures, or those of a note that its text does not show
  const looseFiles = React.useMemo(() => {
    const inline = new Set(kind === "note" ? attachmentRefs(item.content) : []);
    return (item.attachments ?? []).filter((a) => !inline.has(a.id));
  }, [kind, item.content, item.attachments]);
  const clearDrafts = () => {
    setContent("");
    clearTitle();
    clearTags();
  };

  // Saves on top of `base`, the version this editor last saw, or the other version it chose to overwrite.
  const save = async (base = item.updatedAt) => {
    if (uploading) return;
    setSaving(true);
    setMessage(null);
    try {
      const body = { title: title.trim(), content: text, tags: parseTags(tags), pinned, baseUpdatedAt: base };
      // A note's files follow its text on the server; the ones its text never referred to (put on
      // it by another client) are named so that they stay.
      const attachmentIds = looseFiles.map((a) => a.id);
      onSaved(
        kind === "idea"
          ? { kind, item: await updateIdea(item.id, { ...body, aiExcluded }) }
          : // a note's save answers without its text (up to 200,000 characters): it is what was sent
            {
              kind,
              item: { ...(await updateNote(item.id, { ...body, attachmentIds })), content: body.content },
            },
      );
      clearDrafts();
      setTheirs(null);
      setMessage({ tone: "success", text: "已保存" });
    } catch (e) {
      // A 409's body carries the version saved elsewhere meanwhile.
      const current = isApiError(e) && e.status === 409 ? (e.data as { data?: unknown } | null)?.data : null;
      if (current && isApiError(e))
        setTheirs({ version: { kind, item: current } as LoadedItem, message: e.message });
      else setMessage({ tone: "error", text: errorMessage(e, "保存失败") });
    } finally {
      setSaving(false);
    }
  };

  // A privacy switch applies at once, not on 保存: no AI action may read the idea meanwhile.
  const toggleAiExcluded = async () => {
    const next = !aiExcluded;
    setAiExcluded(next);
    try {
      onSaved({ kind: "idea", item: await updateIdea(item.id, { aiExcluded: next }) });
      setMessage({ tone: "success", text: next ? "已设为不让AI读取" : "AI 可以读取这条想法了" });
    } catch (e) {
      setAiExcluded(!next);
      setMessage({ tone: "error", text: errorMessage(e, "保存失败") });
    }
  };

  const remove = async () => {
    if (kind === "idea") await deleteIdea(item.id);
    else await deleteNote(item.id);
    clearDrafts();
    queryClient.removeQueries({ queryKey: itemKeys.item(kind, item.id) });
    await navigate({ to: "/" });
  };

  const noun = kind === "idea" ? "想法" : "笔记";
  return (
    <article className="flex flex-col gap-4 p-6">
      <div className="flex items-center justify-between gap-2">
        <h1 className="font-bold text-xl">{kind === "idea" ? "想法详情" : "笔记详情"}</h1>
        {kind === "idea" ? (
          <Button asChild variant="ghost" size="sm">
            <Link to="/ideas/$id/original" params={{ id: item.id }}>
              查看原始想法
            </Link>
          </Button>
        ) : null}
      </div>
      <Field label="标题">
        {(control) => (
          <Input
            {...control}
            value={title}
            placeholder={`给这个${noun}起个标题`}
            onChange={(e) => setTitle(e.target.value)}
          />
        )}
      </Field>
      {kind === "note" ? (
        <NoteContentEditor
          value={text}
          onValueChange={setContent}
          onSubmitShortcut={() => void save()}
          attachments={item.attachments ?? []}
          onUploadingChange={setUploading}
        />
      ) : (
        <Field label="内容">
          {(control) => (
            <Textarea
              {...control}
              minRows={8}
              maxRows={24}
              value={text}
              onChange={(e) => setContent(e.target.value)}
              onSubmitShortcut={() => void save()}
            />
          )}
        </Field>
      )}
      {looseFiles.length ? (
        <IdeaAttachments
          attachments={looseFiles}
          size="full"
          label={`${noun}的图片`}
          item={{ type: kind, id: item.id }}
        />
      ) : null}
      <Field label="标签" hint="用空格或逗号分隔，最多 10 个">
        {(control) => <Input {...control} value={tags} onChange={(e) => setTags(e.target.value)} />}
      </Field>
      {parseTags(tags).length ? (
        <div className="flex flex-wrap gap-2">
          {parseTags(tags).map((t) => (
            <Tag key={t} name={t} />
          ))}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant={pinned ? "primary" : "secondary"}
          size="sm"
          aria-pressed={pinned}
          onClick={() => setPinned(!pinned)}
        >
          {pinned ? "已置顶" : "置顶"}
        </Button>
        {kind === "idea" ? (
          <Button
            variant={aiExcluded ? "primary" : "secondary"}
            size="sm"
            aria-pressed={aiExcluded}
            onClick={() => void toggleAiExcluded()}
          >
            不让AI读取
          </Button>
        ) : null}
        <ReviewExclusionButton itemId={item.id} onMessage={setMessage} />
      </div>
      {message ? <Alert tone={message.tone} description={message.text} /> : null}
      {theirs ? (
        <EditConflict
          heading={theirs.message}
          savedAt={new Date(theirs.version.item.updatedAt).toLocaleString("zh-CN")}
          theirTitle={theirs.version.item.title}
          theirContent={theirs.version.item.content}
          onKeepMine={() => void save(theirs.version.item.updatedAt)}
          onTakeTheirs={() => {
            clearDrafts();
            onReplaced(theirs.version);
          }}
        />
      ) : null}
      <div className="flex justify-between">
        <Button variant="danger" onClick={() => setConfirming(true)}>
          删除
        </Button>
        <Button onClick={() => void save()} loading={saving} disabled={uploading}>
          保存
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`删除这个${noun}？`}
        description="将移到回收站，保留期内可以在「个人资料 › 回收站」恢复。"
        confirmLabel="删除"
        tone="danger"
        onConfirm={remove}
      />
    </article>
  );
}
