-- S3-compatible storage for attachments (issue 18). With S3_* settings a file and its thumbnail
-- are objects in the bucket, under keys scoped to their owner (attachment_object_keys below and
-- services/attachments/object-store.ts say the same): `users/{user_id}/{id}` and
-- `users/{user_id}/{id}.thumb`. The row stays: owner, item, type and the sizes, which the quota
-- counts; data and thumb are NULL. Without S3_* nothing changes (data holds the bytes).
ALTER TABLE attachments
  ALTER COLUMN data DROP NOT NULL,
  ADD COLUMN object_bytes int,
  ADD COLUMN object_thumb_bytes int,
  ADD CONSTRAINT attachments_bytes_somewhere CHECK ((data IS NULL) <> (object_bytes IS NULL));

CREATE OR REPLACE FUNCTION stored_bytes(a attachments) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(octet_length(a.data), a.object_bytes, 0)
    + coalesce(octet_length(a.thumb), a.object_thumb_bytes, 0)::bigint $$;

CREATE FUNCTION attachment_object_keys(user_id uuid, id uuid) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['users/' || user_id || '/' || id, 'users/' || user_id || '/' || id || '.thumb'] $$;

-- Objects to delete from the bucket (an outbox): a row's objects cannot be deleted in the
-- transaction that deletes the row, and an account's rows vanish by ON DELETE CASCADE, which no
-- application code sees. So every delete of an attachment, by any path, records its keys here in
-- the same transaction (the trigger below), and the server deletes the objects afterwards and
-- then these rows (services/attachments/storage.ts), again after a failure or a crash.
-- An upload records its keys first too, due an hour later, and its row's insert removes them:
-- objects put by a process that died before the insert are deleted then.
CREATE TABLE object_deletions (
  key text PRIMARY KEY,
  due_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX object_deletions_due ON object_deletions (due_at);

CREATE FUNCTION attachment_objects_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO object_deletions (key)
    SELECT unnest(attachment_object_keys(r.user_id, r.id)) FROM old_rows r WHERE r.object_bytes IS NOT NULL
  ON CONFLICT (key) DO UPDATE SET due_at = least(object_deletions.due_at, now());
  RETURN NULL;
END $$;
CREATE TRIGGER attachment_objects_gone AFTER DELETE ON attachments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attachment_objects_gone();
