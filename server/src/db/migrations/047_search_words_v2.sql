-- Search words version 2 (issue 33, item 10): the full pinyin of a text's words (跑步 → paobu) and
-- the everyday topics it speaks of (search/topics.ts). Made in JavaScript, so this migration cannot
-- rebuild them: search/reindex.ts rebuilds the rows below version 2 in the background after
-- start-up. Until a row is rebuilt it is found by its old words. (The columns' default stays 0: 024.)

-- The rebuild's partial indexes, now for every row below version 2 (all rows at first: an index as
-- large as the id index for a while, empty once the rebuild is done).
DROP INDEX IF EXISTS ideas_search_outdated;
DROP INDEX IF EXISTS notes_search_outdated;
CREATE INDEX ideas_search_outdated ON ideas (id) WHERE search_version < 2;
CREATE INDEX notes_search_outdated ON notes (id) WHERE search_version < 2;
