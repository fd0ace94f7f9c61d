-- Links between items (issue 33, item 1). A link is written in an idea's or a note's text as
-- `[[idea:<uuid>]]` or `[[note:<uuid>]]` (packages/contract/src/links/text.ts); this table holds
-- them, one row per source and target, so that 被引用 (an item's backlinks) is an index read.
-- Kept per statement from the rows' old and new text, like capture_days (043): every writer
-- (capture, edits, the memos API, MCP, import, 自动整理, restoring a version) without knowing of it.
--
-- An item in 回收站 has left ideas/notes, so its links leave with it and it is listed under no
-- item's 被引用; restoring it puts the row back and its links with it (as a note app should: what
-- you threw away does not speak for your notes, and nothing is lost until it is deleted for good).
-- The target is not checked: a link to an item deleted for good, one not yet imported, or another
-- person's item is kept as written and resolves to 已删除 (links.store.ts reads targets per account).
CREATE TABLE item_links (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source_type text NOT NULL CHECK (source_type IN ('idea', 'note')),
  source_id uuid NOT NULL,
  target_type text NOT NULL CHECK (target_type IN ('idea', 'note')),
  target_id uuid NOT NULL,
  PRIMARY KEY (source_id, target_type, target_id)
);
CREATE INDEX item_links_target ON item_links (user_id, target_id, target_type);

-- The same pattern as LINK_PATTERN in links/text.ts (server/test/links/parse.test.ts checks both).
CREATE FUNCTION item_link_targets(content text) RETURNS TABLE (target_type text, target_id uuid)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT lower(m[1]), m[2]::uuid
  FROM regexp_matches(content,
    '\[\[(idea|note):([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\]\]', 'gi') m
$$;

CREATE FUNCTION keep_item_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := CASE TG_TABLE_NAME WHEN 'ideas' THEN 'idea' ELSE 'note' END;
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO item_links (user_id, source_type, source_id, target_type, target_id)
    SELECT n.user_id, kind, n.id, t.target_type, t.target_id
    FROM new_rows n, LATERAL item_link_targets(n.content) t
    WHERE n.content LIKE '%[[%'
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM item_links l USING old_rows o WHERE l.source_id = o.id;
  ELSE
    -- most updates (tags, pins, 自动整理's state, search words) leave the text: one join finds the
    -- rows whose text changed, and with none (a tag rename over 10,000 rows) nothing more is done
    SELECT array_agg(n.id) INTO changed FROM new_rows n JOIN old_rows o USING (id)
    WHERE n.content IS DISTINCT FROM o.content;
    IF changed IS NULL THEN RETURN NULL; END IF;
    DELETE FROM item_links l WHERE l.source_id = ANY (changed);
    INSERT INTO item_links (user_id, source_type, source_id, target_type, target_id)
    SELECT n.user_id, kind, n.id, t.target_type, t.target_id
    FROM new_rows n, LATERAL item_link_targets(n.content) t
    WHERE n.id = ANY (changed) AND n.content LIKE '%[[%'
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ideas_links_inserted AFTER INSERT ON ideas REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION keep_item_links();
CREATE TRIGGER ideas_links_updated AFTER UPDATE ON ideas REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION keep_item_links();
CREATE TRIGGER ideas_links_deleted AFTER DELETE ON ideas REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION keep_item_links();
CREATE TRIGGER notes_links_inserted AFTER INSERT ON notes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION keep_item_links();
CREATE TRIGGER notes_links_updated AFTER UPDATE ON notes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION keep_item_links();
CREATE TRIGGER notes_links_deleted AFTER DELETE ON notes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION keep_item_links();

INSERT INTO item_links (user_id, source_type, source_id, target_type, target_id)
SELECT x.user_id, x.kind, x.id, t.target_type, t.target_id FROM (
  SELECT user_id, 'idea' AS kind, id, content FROM ideas WHERE content LIKE '%[[%'
  UNION ALL SELECT user_id, 'note', id, content FROM notes WHERE content LIKE '%[[%') x,
  LATERAL item_link_targets(x.content) t
ON CONFLICT DO NOTHING;
