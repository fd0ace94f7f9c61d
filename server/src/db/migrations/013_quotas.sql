-- Per-user quotas (services/quotas.ts). One usage row per user, kept by triggers on every table
-- that holds what a person stores, so no write path can forget it and no request scans a
-- user's rows to know their usage:
--   items = ideas + notes, trashed ones too (they occupy storage until purged);
--   bytes = the UTF-8 bytes of what they wrote or had written for them: ideas (original, title,
--           words, tags) and their AI versions, notes, chat messages, the profile's nickname and
--           self-introduction, and the avatar image. A trashed item keeps its bytes. Conversation
--           titles (at most a few dozen characters) and bookkeeping (sessions, tokens, points) do
--           not count.
-- A later table of uploads (issue 18's images) counts by adding its bytes with usage_add.
CREATE TABLE user_usage (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  items bigint NOT NULL DEFAULT 0,
  bytes bigint NOT NULL DEFAULT 0
);

CREATE FUNCTION idea_bytes(i ideas) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT octet_length(i.original_content) + octet_length(i.title) + octet_length(i.content)
    + octet_length(array_to_string(i.tags, ''))::bigint $$;
CREATE FUNCTION idea_version_bytes(v idea_versions) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT octet_length(v.title) + octet_length(v.content) + octet_length(array_to_string(v.tags, ''))::bigint $$;
CREATE FUNCTION note_bytes(n notes) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT octet_length(n.title) + octet_length(n.content) + octet_length(array_to_string(n.tags, ''))::bigint $$;
-- A trashed item weighs what it weighed before deletion: the same functions over the row it keeps.
CREATE FUNCTION trashed_bytes(t trash) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT CASE t.type
    WHEN 'idea' THEN idea_bytes(jsonb_populate_record(NULL::ideas, t.item -> 'idea'))
      + (SELECT coalesce(sum(idea_version_bytes(v)), 0)
           FROM jsonb_populate_recordset(NULL::idea_versions, coalesce(t.item -> 'versions', '[]')) v)
    ELSE note_bytes(jsonb_populate_record(NULL::notes, t.item -> 'note'))
  END::bigint $$;

-- Adds to the owner's usage. A transaction that set shinian.quota_items / shinian.quota_bytes
-- (stores/usage.ts holdToQuota: the person's own writes) is refused with SQLSTATE SN403 when this
-- change grows a count past its limit; other writes (restores, AI versions, replies) only count.
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

-- One function for every table (plpgsql plans it per table, so each branch sees its own row type).
CREATE FUNCTION usage_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was bigint := 0;
  size bigint := 0;
  owner uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF TG_TABLE_NAME = 'ideas' THEN was := idea_bytes(OLD);
    ELSIF TG_TABLE_NAME = 'idea_versions' THEN was := idea_version_bytes(OLD);
    ELSIF TG_TABLE_NAME = 'notes' THEN was := note_bytes(OLD);
    ELSIF TG_TABLE_NAME = 'trash' THEN was := trashed_bytes(OLD);
    ELSIF TG_TABLE_NAME = 'messages' THEN was := octet_length(OLD.content);
    ELSIF TG_TABLE_NAME = 'avatars' THEN was := octet_length(OLD.data);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF TG_TABLE_NAME = 'ideas' THEN size := idea_bytes(NEW);
    ELSIF TG_TABLE_NAME = 'idea_versions' THEN size := idea_version_bytes(NEW);
    ELSIF TG_TABLE_NAME = 'notes' THEN size := note_bytes(NEW);
    ELSIF TG_TABLE_NAME = 'trash' THEN size := trashed_bytes(NEW);
    ELSIF TG_TABLE_NAME = 'messages' THEN size := octet_length(NEW.content);
    ELSIF TG_TABLE_NAME = 'avatars' THEN size := octet_length(NEW.data);
    END IF;
  END IF;
  PERFORM usage_add(owner,
    CASE WHEN TG_TABLE_NAME NOT IN ('ideas', 'notes', 'trash') THEN 0
         WHEN TG_OP = 'INSERT' THEN 1 WHEN TG_OP = 'DELETE' THEN -1 ELSE 0 END,
    size - was);
  RETURN NULL;
END $$;

-- The profile's own words; the row is made with the account, and goes with it.
CREATE FUNCTION usage_track_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_usage (user_id, bytes)
      VALUES (NEW.id, octet_length(NEW.nickname) + coalesce(octet_length(NEW.identity_description), 0));
  ELSE
    PERFORM usage_add(NEW.id, 0,
      octet_length(NEW.nickname) + coalesce(octet_length(NEW.identity_description), 0)
      - octet_length(OLD.nickname) - coalesce(octet_length(OLD.identity_description), 0));
  END IF;
  RETURN NULL;
END $$;

-- Deferred to commit: the usage row is the last lock a transaction takes, so counting never
-- deadlocks with the row locks a write takes first, and a concurrent write waits for it and
-- counts from the committed total (no two writes can both take the last item).
CREATE CONSTRAINT TRIGGER usage_users AFTER INSERT OR UPDATE OF nickname, identity_description ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION usage_track_user();
CREATE CONSTRAINT TRIGGER usage_ideas AFTER INSERT OR DELETE OR UPDATE OF original_content, title, content, tags
  ON ideas DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION usage_track();
CREATE CONSTRAINT TRIGGER usage_idea_versions AFTER INSERT OR DELETE OR UPDATE OF title, content, tags
  ON idea_versions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION usage_track();
CREATE CONSTRAINT TRIGGER usage_notes AFTER INSERT OR DELETE OR UPDATE OF title, content, tags
  ON notes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION usage_track();
CREATE CONSTRAINT TRIGGER usage_trash AFTER INSERT OR DELETE OR UPDATE OF item
  ON trash DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION usage_track();
CREATE CONSTRAINT TRIGGER usage_messages AFTER INSERT OR DELETE OR UPDATE OF content
  ON messages DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION usage_track();
CREATE CONSTRAINT TRIGGER usage_avatars AFTER INSERT OR DELETE OR UPDATE OF data
  ON avatars DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION usage_track();

-- Existing accounts: their usage as the triggers would have counted it.
INSERT INTO user_usage (user_id, items, bytes)
SELECT u.id,
  coalesce(i.n, 0) + coalesce(n.n, 0) + coalesce(t.n, 0),
  octet_length(u.nickname) + coalesce(octet_length(u.identity_description), 0)
    + coalesce(i.b, 0) + coalesce(v.b, 0) + coalesce(n.b, 0) + coalesce(t.b, 0) + coalesce(m.b, 0)
    + coalesce(a.b, 0)
FROM users u
LEFT JOIN (SELECT user_id, count(*) AS n, sum(idea_bytes(x)) AS b FROM ideas x GROUP BY user_id) i ON i.user_id = u.id
LEFT JOIN (SELECT user_id, sum(idea_version_bytes(x)) AS b FROM idea_versions x GROUP BY user_id) v ON v.user_id = u.id
LEFT JOIN (SELECT user_id, count(*) AS n, sum(note_bytes(x)) AS b FROM notes x GROUP BY user_id) n ON n.user_id = u.id
LEFT JOIN (SELECT user_id, count(*) AS n, sum(trashed_bytes(x)) AS b FROM trash x GROUP BY user_id) t ON t.user_id = u.id
LEFT JOIN (SELECT user_id, sum(octet_length(content)) AS b FROM messages GROUP BY user_id) m ON m.user_id = u.id
LEFT JOIN (SELECT user_id, octet_length(data) AS b FROM avatars) a ON a.user_id = u.id;
