-- Search words version 3 (issue 33, item 10): the topic lexicon is a broad everyday one now
-- (search/topic-lexicon.ts, ~300 topics), so every row's topics are made again. As for version 2
-- (047), search/reindex.ts rebuilds the rows below version 3 in the background after start-up;
-- until then a row is found by its old words. The rebuild's partial indexes move to the new version.
DROP INDEX IF EXISTS ideas_search_outdated;
DROP INDEX IF EXISTS notes_search_outdated;
CREATE INDEX ideas_search_outdated ON ideas (id) WHERE search_version < 3;
CREATE INDEX notes_search_outdated ON notes (id) WHERE search_version < 3;
