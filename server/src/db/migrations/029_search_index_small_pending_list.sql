-- 002 turned GIN's fast-update pending list off: at its default size (4 MB) every search scanned
-- all of it. But writing each word straight into the index tree costs more than the rest of an
-- insert together: 10,000 ideas in batches of 200 took 3.1–3.8 s without the list and 1.3–1.5 s
-- with one of 64 kB, the least PostgreSQL allows, whose inserts merge a few dozen ideas' words in
-- one pass. A search over 90,000 ideas with that list full took 0.40 ms (median) against 0.38 ms
-- without one; single inserts p50 1.00 / p99 2.98 ms against 1.12 / 1.58 ms (the insert that fills
-- the list merges it). docs/benchmarks.md, 导入数据, has the runs.
ALTER INDEX ideas_search SET (fastupdate = on, gin_pending_list_limit = 64);
ALTER INDEX notes_search SET (fastupdate = on, gin_pending_list_limit = 64);
