-- A session or access token that goes (sign-out, 登录设备's 下线, a revoked token, a password change
-- or reset, a deleted account) ends the live event streams it opened, at once and in every process:
-- events/hub.ts LISTENs on this channel for the credential's id. Sessions purged after their expiry
-- are not told (a stream ends with its credential's lifetime anyway).
CREATE FUNCTION credentials_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('credentials_revoked', o.id::text)
  FROM old_rows o WHERE o.expires_at IS NULL OR o.expires_at > now();
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_revoked AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION credentials_revoked();
CREATE TRIGGER access_tokens_revoked AFTER DELETE ON access_tokens REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION credentials_revoked();
