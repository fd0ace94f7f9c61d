-- `#标签` typed right after Chinese punctuation (`…的鞋。#跑步`) is a tag now, and notes take the
-- tags typed in them, as ideas do (issue 29). Tags are read from text in JavaScript
-- (packages/contract/src/tags.ts), so this migration cannot find them: it leaves a bookmark per
-- place items are kept, and services/tag-rederive.ts walks each in id order after start-up, a
-- batch at a time, adding to every item the tags the new rule finds in its current words. A tag
-- is never removed, and the walk writes only the rows that gain one. Each batch commits with its
-- bookmark: a restart resumes where it stopped, and a place whose walk is done loses its row.
CREATE TABLE tag_rederive (
  source text PRIMARY KEY CHECK (source IN ('ideas', 'notes', 'trash')),
  after_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000'
);
INSERT INTO tag_rederive (source) VALUES ('ideas'), ('notes'), ('trash');
