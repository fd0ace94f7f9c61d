-- A tag rename rewrites the current texts, never an idea's original words (原始想法) nor the text of
-- its AI versions. Text made from those becomes current again on 恢复原文, a new AI 整理 (made from
-- the original words) and 采用此版本; it takes the renames made since it was written, in their
-- order, so no old name comes back (stores/tag-renames.ts). Hence each account's renames, and
-- when an idea's original words were written (imports keep their memo's date in created_at, so it
-- is not that). Ideas from before this log began, and rows restored from older 回收站 entries,
-- have no time: every logged rename is after them.
CREATE TABLE tag_renames (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  from_tag text NOT NULL,
  to_tag text NOT NULL,
  renamed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tag_renames_user ON tag_renames (user_id, renamed_at, id);

ALTER TABLE ideas ADD COLUMN original_at timestamptz DEFAULT now();
