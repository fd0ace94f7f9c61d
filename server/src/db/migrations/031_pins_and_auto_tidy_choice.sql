-- 置顶 in pin order (issue 29): the feed leads with pinned items, most recently pinned first, so a
-- pin needs its time. A trigger keeps pinned_at, so that every writer (an edit, 每日回顾's pin, an
-- import, 回收站's restore of a row's JSON as it was) gets it right without knowing of it: pinning
-- stamps now(), unpinning clears it, a row inserted pinned keeps the time it carries (a restore)
-- or is pinned now (an import). Nullable: rows trashed before this migration come back without it.
ALTER TABLE ideas ADD COLUMN pinned_at timestamptz;
ALTER TABLE notes ADD COLUMN pinned_at timestamptz;
-- Pins made before had no time: their last edit is the best guess at when.
UPDATE ideas SET pinned_at = updated_at WHERE pinned;
UPDATE notes SET pinned_at = updated_at WHERE pinned;

CREATE FUNCTION keep_pinned_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.pinned THEN
    NEW.pinned_at := NULL;
  ELSIF TG_OP = 'INSERT' THEN
    NEW.pinned_at := coalesce(NEW.pinned_at, now());
  ELSIF NOT OLD.pinned THEN
    NEW.pinned_at := now();
  ELSE
    NEW.pinned_at := coalesce(OLD.pinned_at, NEW.pinned_at, now());
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER ideas_pinned_at BEFORE INSERT OR UPDATE OF pinned, pinned_at ON ideas
  FOR EACH ROW EXECUTE FUNCTION keep_pinned_at();
CREATE TRIGGER notes_pinned_at BEFORE INSERT OR UPDATE OF pinned, pinned_at ON notes
  FOR EACH ROW EXECUTE FUNCTION keep_pinned_at();

-- The feed's lead: a person's pins, most recently pinned first (services/feed.ts).
CREATE INDEX ideas_user_pinned ON ideas (user_id, pinned_at DESC NULLS LAST, created_at DESC, id DESC) WHERE pinned;
CREATE INDEX notes_user_pinned ON notes (user_id, pinned_at DESC NULLS LAST, created_at DESC, id DESC) WHERE pinned;

-- 自动整理 is off until the person chooses it (issue 29): a new account starts without the
-- setting, which reads as off and "not chosen yet" (stores/accounts.ts). Existing accounts keep
-- what they have: they have lived with it on, 个人资料 showed it on, and a tidied card now says
-- 已整理 with 恢复原文 one tap away, so turning it off under them would itself be a change they
-- did not choose.
ALTER TABLE users ALTER COLUMN settings SET DEFAULT '{}';
