-- 回收站: a deleted idea or note moves here whole (its row as JSON, an idea with its AI versions),
-- out of every list, search, AI source and export, and comes back unchanged when restored. Purged
-- TRASH_DAYS after deletion. A later migration that adds a NOT NULL column to ideas, notes or
-- idea_versions must fill it in these rows too (restore reads them with jsonb_populate_record).
CREATE TABLE trash (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  type text NOT NULL CHECK (type IN ('idea', 'note')),
  title text NOT NULL,
  preview text NOT NULL,
  item jsonb NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, id)
);
CREATE INDEX trash_user_deleted ON trash (user_id, deleted_at DESC);
CREATE INDEX trash_deleted ON trash (deleted_at);
-- the AI's exclusion checks look a trashed idea up by its id alone (stores/search.ts)
CREATE INDEX trash_id ON trash (id);
