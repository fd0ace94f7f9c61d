-- Images on ideas and notes (issue 18), stored in PostgreSQL like avatars so that several server
-- processes share them with no other set-up. A file is uploaded first (item_id NULL) and then
-- attached to one idea or note by id. item_id has no foreign key: a trashed item leaves ideas or
-- notes for trash with the same id and keeps its files, which go when it is deleted for good
-- (stores/trash.ts), with the account (ON DELETE CASCADE), or by the sweep of files that nothing
-- refers to (stores/attachments.ts).
CREATE TABLE attachments (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  item_id uuid,
  position smallint NOT NULL DEFAULT 0,
  kind text NOT NULL CHECK (kind IN ('image')),
  content_type text NOT NULL,
  name text NOT NULL,
  data bytea NOT NULL,
  thumb bytea,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- already compressed images: no point in TOAST trying to compress them again
ALTER TABLE attachments ALTER COLUMN data SET STORAGE EXTERNAL, ALTER COLUMN thumb SET STORAGE EXTERNAL;
CREATE INDEX attachments_item ON attachments (user_id, item_id, position);
CREATE INDEX attachments_unattached ON attachments (created_at) WHERE item_id IS NULL;

-- The file and its thumbnail count toward the owner's QUOTA_BYTES (migration 013's usage), with
-- the same statement-level triggers. A file's bytes never change after upload (attaching only sets
-- item_id and position), so there is no update trigger: an UPDATE would carry both versions of
-- each row through transition tables for nothing.
CREATE FUNCTION stored_bytes(a attachments) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT octet_length(a.data) + coalesce(octet_length(a.thumb), 0)::bigint $$;
CREATE TRIGGER usage_insert AFTER INSERT ON attachments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION usage_track();
CREATE TRIGGER usage_delete AFTER DELETE ON attachments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION usage_track();

-- Keys the server itself needs, the same in every process and across restarts: made once by the
-- first process that needs one (INSERT … ON CONFLICT DO NOTHING), then read. The HMAC key of the
-- signed file URLs is the first.
CREATE TABLE server_keys (
  name text PRIMARY KEY,
  key bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
