-- GIN's fast-update pending list is scanned linearly by every search until a vacuum merges it:
-- with steady capture traffic, searches read up to 4 MB of it (measured: 6 ms → 0.5 ms per
-- word lookup over 100k ideas once it is off). Ideas and notes are small, so inserting straight
-- into the index costs little.
ALTER INDEX ideas_search SET (fastupdate = off);
ALTER INDEX notes_search SET (fastupdate = off);
SELECT gin_clean_pending_list('ideas_search'::regclass);
SELECT gin_clean_pending_list('notes_search'::regclass);
