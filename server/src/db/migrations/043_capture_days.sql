-- 统计 (issue 33, item 8): the heatmap, the streak and the year's top tags read counts kept here
-- instead of grouping the person's items on every ask (GET /api/stats, p95 ≤ 20 ms at 10,000
-- items; docs/benchmarks-history.md has the plain GROUP BY's figure). Per user and Beijing day,
-- the ideas and notes captured that day; per user, Beijing month and tag as written, the ideas
-- and notes of the month carrying it. Items in 回收站 have left ideas/notes, so they do not count,
-- and a restore counts them again. Kept per statement from its old and new rows, like tag_counts
-- (014): every writer (capture, import, edits, tag renames, 自动整理, 回收站) without knowing of it.
CREATE TABLE capture_days (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL,
  count integer NOT NULL, -- no CHECK: INSERT … ON CONFLICT checks the proposed row, a -1 delta
  PRIMARY KEY (user_id, day)
);

CREATE TABLE capture_tag_months (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month date NOT NULL, -- its 1st
  tag text NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (user_id, month, tag)
);

CREATE TYPE capture_change AS (user_id uuid, created_at timestamptz, tags text[], d int);

-- Beijing is UTC+8 all year, as shared/beijing-time.ts counts it: a fixed offset, not the tz
-- database's Asia/Shanghai, whose summer times of 1986–1991 (and a tzdata update) could move an old
-- item's day between its +1 and its −1.
CREATE FUNCTION capture_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((at AT TIME ZONE 'UTC') + interval '8 hours')::date
$$;

CREATE FUNCTION count_captures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes capture_change[];
BEGIN
  -- a transition table exists only for the operations that declared it
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg((user_id, created_at, tags, 1)::capture_change) INTO changes FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg((user_id, created_at, tags, -1)::capture_change) INTO changes FROM old_rows;
  ELSE
    -- most updates (words, 自动整理's status, search words) change neither: nothing to do, no lock
    SELECT array_agg(c) INTO changes FROM (
      SELECT (n.user_id, n.created_at, n.tags, 1)::capture_change AS c
      FROM new_rows n JOIN old_rows o USING (id)
      WHERE (n.created_at, n.tags) IS DISTINCT FROM (o.created_at, o.tags)
      UNION ALL
      SELECT (o.user_id, o.created_at, o.tags, -1)::capture_change
      FROM new_rows n JOIN old_rows o USING (id)
      WHERE (n.created_at, n.tags) IS DISTINCT FROM (o.created_at, o.tags)) x;
  END IF;
  IF changes IS NULL THEN RETURN NULL; END IF;
  -- One lock order for every transaction, as tag_counts takes it: the owner's usage row first (its
  -- own trigger takes it at the end of the statement), so that two writers of one account meet
  -- there and never wait for each other's counts in a circle.
  PERFORM 1 FROM user_usage WHERE user_id IN (SELECT (c).user_id FROM unnest(changes) c)
    ORDER BY user_id FOR UPDATE;

  INSERT INTO capture_days AS t (user_id, day, count)
  SELECT c.user_id, capture_day(c.created_at), sum(c.d)::int FROM unnest(changes) c
  -- not for an account being deleted (its rows go with it)
  WHERE EXISTS (SELECT 1 FROM users WHERE id = c.user_id)
  GROUP BY 1, 2 HAVING sum(c.d) <> 0 ORDER BY 1, 2
  ON CONFLICT (user_id, day) DO UPDATE SET count = t.count + excluded.count;

  INSERT INTO capture_tag_months AS t (user_id, month, tag, count)
  SELECT c.user_id, date_trunc('month', capture_day(c.created_at))::date, x.tag, sum(c.d)::int
  FROM unnest(changes) c, LATERAL (SELECT DISTINCT unnest(c.tags) AS tag) x
  WHERE EXISTS (SELECT 1 FROM users WHERE id = c.user_id)
  GROUP BY 1, 2, 3 HAVING sum(c.d) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (user_id, month, tag) DO UPDATE SET count = t.count + excluded.count;

  -- Only a count that went down can have reached 0: an INSERT (a capture, an import's batch)
  -- looks for none, an update or delete only at the keys its old rows left.
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM capture_days t USING unnest(changes) c
    WHERE c.d < 0 AND t.user_id = c.user_id AND t.day = capture_day(c.created_at) AND t.count = 0;
    DELETE FROM capture_tag_months t USING unnest(changes) c
    WHERE c.d < 0 AND c.tags <> '{}' AND t.user_id = c.user_id
      AND t.month = date_trunc('month', capture_day(c.created_at))::date AND t.tag = ANY (c.tags) AND t.count = 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ideas_captures_inserted AFTER INSERT ON ideas REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_captures();
CREATE TRIGGER ideas_captures_updated AFTER UPDATE ON ideas REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_captures();
CREATE TRIGGER ideas_captures_deleted AFTER DELETE ON ideas REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_captures();
CREATE TRIGGER notes_captures_inserted AFTER INSERT ON notes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_captures();
CREATE TRIGGER notes_captures_updated AFTER UPDATE ON notes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_captures();
CREATE TRIGGER notes_captures_deleted AFTER DELETE ON notes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_captures();

-- the whole history: a streak may be older than the heatmap's year
INSERT INTO capture_days (user_id, day, count)
SELECT user_id, capture_day(created_at), count(*) FROM (
  SELECT user_id, created_at FROM ideas UNION ALL SELECT user_id, created_at FROM notes) x
GROUP BY 1, 2;
INSERT INTO capture_tag_months (user_id, month, tag, count)
SELECT user_id, date_trunc('month', capture_day(created_at))::date, tag, count(*) FROM (
  SELECT user_id, created_at, tags FROM ideas WHERE tags <> '{}'
  UNION ALL SELECT user_id, created_at, tags FROM notes WHERE tags <> '{}') x,
  LATERAL (SELECT DISTINCT unnest(x.tags) AS tag) t
GROUP BY 1, 2, 3;
