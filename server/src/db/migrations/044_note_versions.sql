-- 笔记的历史版本 (issue 33, item 9). Every save that changes a note's title, text or tags keeps the
-- version before it here, in the save's own transaction (items/notes.store.ts: updateNote), which
-- also prunes: the newest NOTE_HISTORY_KEEP versions are kept, and every version of the last
-- NOTE_HISTORY_KEEP_DAYS days, up to NOTE_HISTORY_MAX (packages/contract/src/constants.ts), so a
-- note's history stays bounded however often it is saved.
--
-- The versions stay here while their note is in 回收站 (no foreign key to notes: the note leaves that
-- table), unlisted since the note is not there, so trashing and restoring never copy them; deleting
-- the note for good (items/trash.store.ts purgeTrash, import undo) deletes them, the account's
-- deletion by the user_id cascade. A tag rename does not rewrite them: restoring one applies the
-- renames made since it was saved (items/note-history.ts). Not counted in the quota (migration 013): the bytes were counted while they were the
-- note's text, and a save that shortens a note must not be refused for the history it leaves.
CREATE TABLE note_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  note_id uuid NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  tags text[] NOT NULL,
  -- when this version was saved: the note's updated_at while it was the current one
  saved_at timestamptz NOT NULL
);
CREATE INDEX note_versions_note ON note_versions (note_id, saved_at DESC, id DESC);
CREATE INDEX note_versions_user ON note_versions (user_id);

