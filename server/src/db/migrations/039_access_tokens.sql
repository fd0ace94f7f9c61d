-- Capture tokens become access tokens with a scope: `capture` (what every existing token keeps),
-- `read` or `write`; each may expire, and its last use records what used it. Only the sha256 of a
-- token is stored, so existing tokens (sn_cap_…) keep working unchanged.
ALTER TABLE capture_tokens RENAME TO access_tokens;
ALTER INDEX capture_tokens_user RENAME TO access_tokens_user;
ALTER TABLE access_tokens
  ADD COLUMN scope text NOT NULL DEFAULT 'capture' CHECK (scope IN ('capture', 'read', 'write')),
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN last_used_by text CHECK (char_length(last_used_by) <= 100);
ALTER TABLE access_tokens ALTER COLUMN scope DROP DEFAULT;
