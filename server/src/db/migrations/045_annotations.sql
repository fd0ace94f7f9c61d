-- 批注 (issue 33, item 2): short dated follow-ups under an idea, oldest first. A row belongs to its
-- idea (ON DELETE CASCADE): trashing the idea moves them into its trash row beside its AI versions
-- (items/trash.store.ts), restoring puts them back, and purging the trash or undoing an import (which
-- deletes the idea) takes them with it. `client_id` makes a capture queued offline safe to send
-- twice (as for ideas). `search` holds the words of the text alone, made as an idea's are: search
-- finds an idea by its 批注 through this index (search/search.store.ts), so an idea's own search
-- words, made in many places, stay as they are.
CREATE TABLE annotations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  idea_id uuid NOT NULL REFERENCES ideas (id) ON DELETE CASCADE,
  content text NOT NULL,
  client_id uuid,
  search tsvector NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX annotations_idea ON annotations (idea_id, created_at, id);
CREATE UNIQUE INDEX annotations_client ON annotations (user_id, client_id) WHERE client_id IS NOT NULL;
-- the export reads an account's 批注 oldest first (shared/keyset.ts oldestFirst)
CREATE INDEX annotations_user ON annotations (user_id, created_at, id);
CREATE INDEX annotations_search ON annotations USING gin (search) WITH (fastupdate = on, gin_pending_list_limit = 64);

-- 批注 count toward the account's stored bytes (013_quotas.sql), in place and in 回收站 with their idea
CREATE FUNCTION stored_bytes(a annotations) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT octet_length(a.content)::bigint $$;
CREATE OR REPLACE FUNCTION stored_bytes(t trash) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT CASE t.type
    WHEN 'idea' THEN stored_bytes(jsonb_populate_record(NULL::ideas, t.item -> 'idea'))
      + (SELECT coalesce(sum(stored_bytes(v)), 0)
           FROM jsonb_populate_recordset(NULL::idea_versions, coalesce(t.item -> 'versions', '[]')) v)
      + (SELECT coalesce(sum(octet_length(a ->> 'content')), 0)
           FROM jsonb_array_elements(coalesce(t.item -> 'annotations', '[]')) a)
    ELSE stored_bytes(jsonb_populate_record(NULL::notes, t.item -> 'note'))
  END::bigint $$;
CREATE TRIGGER usage_insert AFTER INSERT ON annotations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION usage_track();
CREATE TRIGGER usage_delete AFTER DELETE ON annotations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION usage_track();
CREATE TRIGGER usage_update AFTER UPDATE ON annotations REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_track();
