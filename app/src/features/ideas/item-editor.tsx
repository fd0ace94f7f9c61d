import { attachmentRefs } from "@shinian/contract/attachment-refs";
import { Alert, Button, ConfirmDialog, EditConflict, Field, Input, Tag, Textarea } from "@shinian/ui";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import type { LoadedItem } from "../../data/items.ts";
import { useDraft, useEditedField } from "../../hooks/use-draft.ts";
import { IdeaAttachments } from "./idea-attachments.tsx";
import type { ItemMessage } from "./item-toggles.tsx";
import { NoteContentEditor } from "./note-content-editor.tsx";
import { parseTags } from "./parse-tags.ts";
import { saveEdit, type TheirVersion, theirVersionOf } from "./save-edit.ts";
import { UNTITLED_NOTE } from "./untitled-note.ts";
import { useLeaveGuard } from "./use-leave-guard.ts";

// The picker of links (`[[`, a phone's `@`): loaded with the first of them.
const LinkAssist = React.lazy(() => import("../links/link-assist.tsx"));

export type ItemEditorProps = {
  loaded: LoadedItem;
  /** The editor's own save landed: back to reading, with this message. */
  onSaved: (saved: LoadedItem, message: ItemMessage) => void;
  /** Another version replaces what is being edited (taken from a conflict). */
  onReplaced: (other: LoadedItem) => void;
  /** 取消: back to reading (after asking, when something typed would be thrown away). */
  onClose: () => void;
};

/** An idea's or a note's form: title, text, tags; kept as a draft until saved, so a reload or a trip to /login loses nothing. */
export function ItemEditor({ loaded, onSaved, onReplaced, onClose }: ItemEditorProps) {
  const { kind, item } = loaded;
  const untitled = kind === "note" && item.title === UNTITLED_NOTE;
  const savedTitle = untitled ? "" : item.title;
  const [title, setTitle, clearTitle] = useEditedField(`${kind}:${item.id}:title`, savedTitle);
  const [content, setContent] = useDraft(`${kind}:${item.id}`);
  const [tags, setTags, clearTags] = useEditedField(`${kind}:${item.id}:tags`, item.tags.join(" "));
  const [message, setMessage] = React.useState<string | null>(null);
  const [saving, setSaving] = React.useState(false);
  const [uploading, setUploading] = React.useState(false);
  const [discarding, setDiscarding] = React.useState(false);
  // What another tab or device saved since this editor opened its version (a 409 on save).
  const [theirs, setTheirs] = React.useState<TheirVersion | null>(null);
  const text = content || item.content;
  const edited = text !== item.content || title !== savedTitle || tags !== item.tags.join(" ");
  const dirty = !saving && (edited || uploading);
  // The version the edits stand on. A newer one arriving while the editor is open (another device's
  // save, seen live) becomes it only while nothing is edited: a save over edits meets a 409 and shows
  // both versions, never overwrites the other one unseen.
  const base = React.useRef(item.updatedAt);
  React.useEffect(() => {
    if (!edited) base.current = item.updatedAt;
  }, [edited, item.updatedAt]);
  const leaving = useLeaveGuard(dirty);
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

  // Saves on top of the version the edits stand on, or the other version it chose to overwrite.
  const save = async (over = base.current) => {
    if (uploading) return;
    setSaving(true);
    setMessage(null);
    try {
      const body = {
        title: title.trim() || (kind === "note" ? UNTITLED_NOTE : ""),
        content: text,
        tags: parseTags(tags),
        baseUpdatedAt: over,
      };
      const saved = await saveEdit(
        loaded,
        body,
        looseFiles.map((a) => a.id),
      );
      clearDrafts();
      setTheirs(null);
      onSaved(saved, { tone: "success", text: "已保存" });
    } catch (e) {
      const conflict = theirVersionOf(e, kind);
      if (conflict) setTheirs(conflict);
      else setMessage(errorMessage(e, "保存失败"));
    } finally {
      setSaving(false);
    }
  };

  const noun = kind === "idea" ? "想法" : "笔记";
  const ideaBox = React.useRef<HTMLTextAreaElement>(null);
  return (
    // not a <form>: Enter in the title must not save while an input method is composing (Chinese is typed through one)
    <section aria-label={`编辑${noun}`} className="flex flex-col gap-4 p-4 md:p-6">
      <h1 className="font-bold text-xl">编辑{noun}</h1>
      <Field label="标题">
        {(control) => (
          <Input
            {...control}
            value={title}
            placeholder={kind === "note" ? UNTITLED_NOTE : `给这个${noun}起个标题`}
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
          noteId={item.id}
        />
      ) : (
        <Field label="内容">
          {(control) => (
            <div className="relative">
              <Textarea
                {...control}
                ref={ideaBox}
                minRows={8}
                maxRows={24}
                value={text}
                onChange={(e) => setContent(e.target.value)}
                onSubmitShortcut={() => void save()}
              />
              {/\[\[|@/.test(text) ? (
                <React.Suspense fallback={null}>
                  <LinkAssist textarea={ideaBox} value={text} onValueChange={setContent} exclude={item.id} />
                </React.Suspense>
              ) : null}
            </div>
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
      <TagsField value={tags} onValueChange={setTags} />
      {message ? <Alert tone="error" description={message} /> : null}
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
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          className="max-md:h-11"
          onClick={() => (dirty ? setDiscarding(true) : onClose())}
        >
          取消
        </Button>
        <Button className="max-md:h-11" onClick={() => void save()} loading={saving} disabled={uploading}>
          保存
        </Button>
      </div>
      <ConfirmDialog
        open={discarding || leaving.blocked}
        onOpenChange={(open) => {
          if (open) return;
          setDiscarding(false);
          if (leaving.blocked) leaving.stay();
        }}
        title="放弃未保存的修改？"
        description={`这个${noun}改过的内容还没有保存。`}
        confirmLabel="放弃修改"
        cancelLabel="继续编辑"
        tone="danger"
        onConfirm={() => {
          clearDrafts();
          if (leaving.blocked) leaving.proceed();
          else {
            setDiscarding(false);
            onClose();
          }
        }}
      />
    </section>
  );
}

/** The tags as typed, and as the tags they will be. */
function TagsField({ value, onValueChange }: { value: string; onValueChange: (value: string) => void }) {
  const parsed = parseTags(value);
  return (
    <>
      <Field label="标签" hint="用空格或逗号分隔，最多 10 个">
        {(control) => <Input {...control} value={value} onChange={(e) => onValueChange(e.target.value)} />}
      </Field>
      {parsed.length ? (
        <div className="flex flex-wrap gap-2">
          {parsed.map((t) => (
            <Tag key={t} name={t} />
          ))}
        </div>
      ) : null}
    </>
  );
}
