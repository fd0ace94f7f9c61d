-- A row inserted without naming its search_version is taken as indexed by an old version (0) and
-- rebuilt by services/search-reindex.ts. The server names the version it indexes with on every
-- insert (stores: SEARCH_WORDS_VERSION), so this only catches rows written by an older process
-- still running during a rolling restart (020's default of 1 took its words, without pinyin, as
-- current for good).
ALTER TABLE ideas ALTER COLUMN search_version SET DEFAULT 0;
ALTER TABLE notes ALTER COLUMN search_version SET DEFAULT 0;
