-- A 批注's links (issue 33, items 1 and 2): `[[idea:…]]` / `[[note:…]]` typed in a 批注 count as
-- links of its idea, so the target lists that idea under 被引用, as if the idea's text held them.
-- Kept like an idea's (046's keep_item_links, now for annotations too), one row per 批注 and target
-- (source_type 'annotation', source_id the 批注): an edit of the idea's own text then never drops
-- them, and they leave with the 批注 (its idea trashed or deleted, an import undone) and come back
-- with it (restored). links.store.ts shows such a source as its idea.
ALTER TABLE item_links DROP CONSTRAINT item_links_source_type_check;
ALTER TABLE item_links ADD CONSTRAINT item_links_source_type_check
  CHECK (source_type IN ('idea', 'note', 'annotation'));

CREATE OR REPLACE FUNCTION keep_item_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := CASE TG_TABLE_NAME WHEN 'ideas' THEN 'idea' WHEN 'notes' THEN 'note' ELSE 'annotation' END;
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

CREATE TRIGGER annotations_links_inserted AFTER INSERT ON annotations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION keep_item_links();
CREATE TRIGGER annotations_links_updated AFTER UPDATE ON annotations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION keep_item_links();
CREATE TRIGGER annotations_links_deleted AFTER DELETE ON annotations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION keep_item_links();

INSERT INTO item_links (user_id, source_type, source_id, target_type, target_id)
SELECT a.user_id, 'annotation', a.id, t.target_type, t.target_id
FROM annotations a, LATERAL item_link_targets(a.content) t
WHERE a.content LIKE '%[[%'
ON CONFLICT DO NOTHING;
