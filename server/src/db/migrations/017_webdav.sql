-- 定时备份到 WebDAV (issue 16, part 9): one row per user who saved settings.
-- The app password is stored only encrypted (AES-256-GCM under the server's WEBDAV_SECRET_KEY,
-- the user id as associated data): the database alone never gives it away.
CREATE TABLE webdav_backups (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  url text NOT NULL,
  username text NOT NULL,
  password_enc bytea NOT NULL,
  frequency text NOT NULL DEFAULT 'off' CHECK (frequency IN ('off', 'daily', 'weekly')),
  keep integer NOT NULL DEFAULT 7 CHECK (keep BETWEEN 1 AND 100),
  -- When the next upload is due; NULL when 关闭. A process that claims the row moves it a lease
  -- ahead, so a process that dies mid-upload leaves a row that comes due again by itself.
  next_run_at timestamptz,
  -- The claim under way (NULL when none): only its holder records the outcome.
  claim_id uuid,
  claimed_at timestamptz,
  -- Failures in a row since the last success: the retry backoff grows with it.
  failures integer NOT NULL DEFAULT 0,
  last_success_at timestamptz,
  last_success_file text,
  last_success_bytes bigint,
  last_failure_at timestamptz,
  last_failure_message text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The scheduler's question, every minute in every process: which rows are due.
CREATE INDEX webdav_backups_due ON webdav_backups (next_run_at) WHERE next_run_at IS NOT NULL;
