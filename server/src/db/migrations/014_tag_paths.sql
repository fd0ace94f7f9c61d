-- Tags as a place (issue 15): `读书/小说` is 小说 under 读书. tag_paths holds every tag of a row and
-- every parent of each, once ({读书/小说} → {读书, 读书/小说}), so that the feed's `?tag=读书` is one
-- GIN lookup matching children by whole levels (not 读书会), and a parent's count is a plain count
-- of rows. A trigger keeps it, so that every writer (capture, edit, 自动整理, rename, 回收站's
-- restore, which inserts a trashed row's JSON as it was) gets it right without knowing of it.
CREATE FUNCTION tag_paths_of(tags text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT path ORDER BY path), '{}')
  FROM unnest(tags) AS tag,
    LATERAL (SELECT string_to_array(tag, '/') AS levels) l,
    LATERAL generate_series(1, cardinality(l.levels)) AS n,
    LATERAL (SELECT array_to_string(l.levels[1:n], '/') AS path) p
  -- an empty level (`a//b`, `/a`) is no parent of its own; the whole tag always counts
  WHERE l.levels[n] <> '' OR n = cardinality(l.levels)
$$;

CREATE FUNCTION keep_tag_paths() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.tag_paths := tag_paths_of(NEW.tags);
  RETURN NEW;
END $$;

ALTER TABLE ideas ADD COLUMN tag_paths text[] NOT NULL DEFAULT '{}';
ALTER TABLE notes ADD COLUMN tag_paths text[] NOT NULL DEFAULT '{}';
UPDATE ideas SET tag_paths = tag_paths_of(tags) WHERE tags <> '{}';
UPDATE notes SET tag_paths = tag_paths_of(tags) WHERE tags <> '{}';

CREATE TRIGGER ideas_tag_paths BEFORE INSERT OR UPDATE OF tags, tag_paths ON ideas
  FOR EACH ROW EXECUTE FUNCTION keep_tag_paths();
CREATE TRIGGER notes_tag_paths BEFORE INSERT OR UPDATE OF tags, tag_paths ON notes
  FOR EACH ROW EXECUTE FUNCTION keep_tag_paths();

-- The feed and the lists filter by tag_paths now; the exact-tag indexes had no other reader.
DROP INDEX ideas_tags;
DROP INDEX notes_tags;
CREATE INDEX ideas_tag_paths ON ideas USING gin (tag_paths);
CREATE INDEX notes_tag_paths ON notes USING gin (tag_paths);
