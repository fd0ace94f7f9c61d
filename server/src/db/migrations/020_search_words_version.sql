-- Search words gain pinyin (titles and tags) and compare 繁体 as 简体 (issue 17 §5). They are made
-- in JavaScript (services/text-index.ts), so this migration cannot rebuild them: it only marks
-- every existing row as indexed by version 0, and services/search-reindex.ts rebuilds those rows
-- in the background after start-up, in batches that commit one by one (a restart resumes). The
-- column is added with 0 for existing rows without rewriting the tables, then new rows get 1.
ALTER TABLE ideas ADD COLUMN search_version smallint NOT NULL DEFAULT 0;
ALTER TABLE ideas ALTER COLUMN search_version SET DEFAULT 1;
ALTER TABLE notes ADD COLUMN search_version smallint NOT NULL DEFAULT 0;
ALTER TABLE notes ALTER COLUMN search_version SET DEFAULT 1;

-- Only the rows still to rebuild: the rebuild finds its next batch at once however far it got,
-- and the indexes are empty (and cost writers nothing) once it is done.
CREATE INDEX ideas_search_outdated ON ideas (id) WHERE search_version < 1;
CREATE INDEX notes_search_outdated ON notes (id) WHERE search_version < 1;

-- 回收站 restores a row from its JSON with jsonb_populate_record (012): a row trashed before this
-- migration must come back with the column, as a row to rebuild.
UPDATE trash SET item = jsonb_set(item, ARRAY[type, 'search_version'], '0');
