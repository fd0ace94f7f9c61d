-- Per-user token buckets for writes (services/write-limits.ts): captures, notes, chat messages,
-- uploads. In PostgreSQL so that every server process draws from the same bucket.
CREATE TABLE write_buckets (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  tokens double precision NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);
