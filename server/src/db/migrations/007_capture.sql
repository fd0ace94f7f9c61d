-- A capture carries an id its client made, so a retry, a second tab or a replay after a crash
-- finds the idea the first request made instead of making another. NULL (no id) never conflicts.
ALTER TABLE ideas ADD COLUMN client_id uuid;
ALTER TABLE ideas ADD CONSTRAINT ideas_user_client UNIQUE (user_id, client_id);

-- The client ids of deleted ideas: a late replay of a deleted capture answers 410 instead of
-- bringing it back. Written in the statement that deletes the idea.
CREATE TABLE deleted_client_ids (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id uuid NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, client_id)
);

-- Personal tokens that may only create ideas (iOS 快捷指令, Android HTTP Shortcuts). Like
-- sessions, only the sha256 of a token is stored.
CREATE TABLE capture_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX capture_tokens_user ON capture_tokens (user_id, created_at);
