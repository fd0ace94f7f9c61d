-- Per-user quotas (services/quotas.ts). One usage row per user, kept by triggers on every table
-- that holds what a person stores, so no write path can forget it and no request scans a
-- user's rows to know their usage:
--   items = ideas + notes, trashed ones too (they occupy storage until purged);
--   bytes = the UTF-8 bytes of what they wrote or had written for them: ideas (original, title,
--           words, tags) and their AI versions, notes, chat messages, the profile's nickname and
--           self-introduction, and the avatar image. A trashed item keeps its bytes. Conversation
--           titles (at most a few dozen characters) and bookkeeping (sessions, tokens, points) do
--           not count.
-- A later table of uploads (issue 18's images) counts with a stored_bytes() of its own and the
-- same three triggers (the DO block below).
CREATE TABLE user_usage (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  items bigint NOT NULL DEFAULT 0,
  bytes bigint NOT NULL DEFAULT 0
);

-- The bytes a row stores, one function per table (overloaded by row type, so the trigger below
-- and the backfill at the end say stored_bytes(r) whatever the table).
CREATE FUNCTION stored_bytes(i ideas) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT octet_length(i.original_content) + octet_length(i.title) + octet_length(i.content)
    + octet_length(array_to_string(i.tags, ''))::bigint $$;
CREATE FUNCTION stored_bytes(v idea_versions) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT octet_length(v.title) + octet_length(v.content) + octet_length(array_to_string(v.tags, ''))::bigint $$;
CREATE FUNCTION stored_bytes(n notes) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT octet_length(n.title) + octet_length(n.content) + octet_length(array_to_string(n.tags, ''))::bigint $$;
CREATE FUNCTION stored_bytes(m messages) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT octet_length(m.content)::bigint $$;
CREATE FUNCTION stored_bytes(a avatars) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT octet_length(a.data)::bigint $$;
CREATE FUNCTION stored_bytes(u users) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT octet_length(u.nickname) + coalesce(octet_length(u.identity_description), 0)::bigint $$;
-- A trashed item weighs what it weighed before deletion: the same functions over the row it keeps.
CREATE FUNCTION stored_bytes(t trash) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT CASE t.type
    WHEN 'idea' THEN stored_bytes(jsonb_populate_record(NULL::ideas, t.item -> 'idea'))
      + (SELECT coalesce(sum(stored_bytes(v)), 0)
           FROM jsonb_populate_recordset(NULL::idea_versions, coalesce(t.item -> 'versions', '[]')) v)
    ELSE stored_bytes(jsonb_populate_record(NULL::notes, t.item -> 'note'))
  END::bigint $$;

-- Adds to the owner's usage. A transaction that set shinian.quota_items / shinian.quota_bytes
-- (stores/usage.ts: the person's own writes) is refused with SQLSTATE SN403 when this change
-- grows a count past its limit; other writes (restores, AI versions and replies) only count.
-- No change: no lock.
CREATE FUNCTION usage_add(owner uuid, d_items bigint, d_bytes bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  max_items bigint := nullif(current_setting('shinian.quota_items', true), '')::bigint;
  max_bytes bigint := nullif(current_setting('shinian.quota_bytes', true), '')::bigint;
  now_items bigint;
  now_bytes bigint;
BEGIN
  IF d_items = 0 AND d_bytes = 0 THEN RETURN; END IF;
  -- no row: the account is being deleted in this transaction
  UPDATE user_usage SET items = items + d_items, bytes = bytes + d_bytes WHERE user_id = owner
    RETURNING items, bytes INTO now_items, now_bytes;
  IF d_items > 0 AND now_items > max_items THEN
    RAISE EXCEPTION 'item quota exceeded' USING ERRCODE = 'SN403', DETAIL = 'items';
  END IF;
  IF d_bytes > 0 AND now_bytes > max_bytes THEN
    RAISE EXCEPTION 'byte quota exceeded' USING ERRCODE = 'SN403', DETAIL = 'bytes';
  END IF;
END $$;

-- Immediate, at the end of the statement: the usage row stays locked until commit, so one
-- account's writes commit one at a time and a concurrent one counts from the committed total (no
-- two writes can both take the last item); other accounts never wait. No deadlock with it: every
-- transaction of the server that changes usage locks any existing row it changes first (FOR
-- UPDATE, or the changing statement itself) and waits for no other row afterwards.
--
-- Once per statement, not per row: a statement changing many rows of one account (emptying
-- 回收站, deleting a long conversation) updates its usage row once. Row by row, the same row
-- updated N times in one transaction costs O(N²) (each update walks the versions before it).
-- Users in id order, so statements touching several accounts (the daily purge) lock alike.
CREATE FUNCTION usage_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item int := CASE WHEN TG_TABLE_NAME IN ('ideas', 'notes', 'trash') THEN 1 ELSE 0 END;
  -- a transition table's rows are plain records: cast to the table's type, stored_bytes finds its own
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT r.user_id, %s, stored_bytes(r::%I) FROM new_rows r', item, TG_TABLE_NAME)
    WHEN 'DELETE' THEN format('SELECT r.user_id, %s, -stored_bytes(r::%I) FROM old_rows r', -item, TG_TABLE_NAME)
    ELSE format('SELECT r.user_id, 0, stored_bytes(r::%1$I) FROM new_rows r
                 UNION ALL SELECT r.user_id, 0, -stored_bytes(r::%1$I) FROM old_rows r', TG_TABLE_NAME)
  END;
  d record;
BEGIN
  FOR d IN EXECUTE format('SELECT user_id, sum(items)::bigint AS items, sum(bytes)::bigint AS bytes
                           FROM (%s) x (user_id, items, bytes) GROUP BY user_id ORDER BY user_id', changed) LOOP
    PERFORM usage_add(d.user_id, d.items, d.bytes);
  END LOOP;
  RETURN NULL;
END $$;

-- The profile's own words; the usage row is made with the account, and goes with it.
CREATE FUNCTION usage_track_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_usage (user_id, bytes) SELECT r.id, stored_bytes(r::users) FROM new_rows r;
  ELSE
    FOR d IN SELECT n.id, stored_bytes(n::users) - stored_bytes(o::users) AS bytes
             FROM new_rows n JOIN old_rows o USING (id) ORDER BY n.id LOOP
      PERFORM usage_add(d.id, 0, d.bytes);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER usage_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION usage_track_users();
CREATE TRIGGER usage_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION usage_track_users();

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['ideas', 'idea_versions', 'notes', 'trash', 'messages', 'avatars'] LOOP
    EXECUTE format('CREATE TRIGGER usage_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_track()', t);
    EXECUTE format('CREATE TRIGGER usage_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION usage_track()', t);
    EXECUTE format('CREATE TRIGGER usage_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows
      NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_track()', t);
  END LOOP;
END $$;

-- Existing accounts: their usage as the triggers would have counted it.
INSERT INTO user_usage (user_id, items, bytes)
SELECT u.id,
  coalesce(i.n, 0) + coalesce(n.n, 0) + coalesce(t.n, 0),
  stored_bytes(u) + coalesce(i.b, 0) + coalesce(v.b, 0) + coalesce(n.b, 0) + coalesce(t.b, 0)
    + coalesce(m.b, 0) + coalesce(a.b, 0)
FROM users u
LEFT JOIN (SELECT user_id, count(*) AS n, sum(stored_bytes(x)) AS b FROM ideas x GROUP BY user_id) i ON i.user_id = u.id
LEFT JOIN (SELECT user_id, sum(stored_bytes(x)) AS b FROM idea_versions x GROUP BY user_id) v ON v.user_id = u.id
LEFT JOIN (SELECT user_id, count(*) AS n, sum(stored_bytes(x)) AS b FROM notes x GROUP BY user_id) n ON n.user_id = u.id
LEFT JOIN (SELECT user_id, count(*) AS n, sum(stored_bytes(x)) AS b FROM trash x GROUP BY user_id) t ON t.user_id = u.id
LEFT JOIN (SELECT user_id, sum(stored_bytes(x)) AS b FROM messages x GROUP BY user_id) m ON m.user_id = u.id
LEFT JOIN (SELECT user_id, stored_bytes(x) AS b FROM avatars x) a ON a.user_id = u.id;
