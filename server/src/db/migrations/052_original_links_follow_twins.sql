-- An idea's original words stay as typed (001), but which item a link in them names may change. A
-- 拾念 import writes a link before its target is read, naming the id the import will give it; when
-- the target turns out to be an item the account already had (a twin, skipped), the job, once
-- written, makes the link name that item (import/twin-links.store.ts) in the original words too, or
-- they would show it as 已删除. The words themselves, with the links' ids left out, still may not change.
CREATE OR REPLACE FUNCTION ideas_keep_original() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.original_content IS DISTINCT FROM OLD.original_content
    AND regexp_replace(NEW.original_content,
      '\[\[(idea|note):[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\]\]', '[[\1:00000000-0000-0000-0000-000000000000]]', 'gi')
    IS DISTINCT FROM regexp_replace(OLD.original_content,
      '\[\[(idea|note):[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\]\]', '[[\1:00000000-0000-0000-0000-000000000000]]', 'gi')
  THEN
    RAISE EXCEPTION 'original_content is immutable';
  END IF;
  RETURN NEW;
END $$;
