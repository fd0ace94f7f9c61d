-- One schema for every deployment (embedded or external PostgreSQL >= 15).
-- Every user-owned table carries user_id so the data can later be distributed by user.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  nickname text NOT NULL,
  identity_description text,
  settings jsonb NOT NULL DEFAULT '{"autoTidy": true}',
  last_export_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE avatars (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  content_type text NOT NULL,
  data bytea NOT NULL,
  -- random, changes on every upload: the URL is unguessable and can be cached forever
  key text NOT NULL UNIQUE,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  user_agent text NOT NULL DEFAULT '',
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Failed logins, keyed 'account:<account>' or 'ip:<ip>'. Not user-owned: the account may not exist.
CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_key ON login_failures (key, failed_at);

CREATE TABLE ideas (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  original_content text NOT NULL,
  title text NOT NULL DEFAULT '',
  content text NOT NULL,
  tags text[] NOT NULL DEFAULT '{}',
  ai_status text NOT NULL DEFAULT 'none' CHECK (ai_status IN ('none', 'pending', 'done', 'failed')),
  pinned boolean NOT NULL DEFAULT false,
  ai_excluded boolean NOT NULL DEFAULT false,
  search tsvector NOT NULL DEFAULT ''::tsvector,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ideas_user_created ON ideas (user_id, created_at DESC, id DESC);
CREATE INDEX ideas_tags ON ideas USING gin (tags);
CREATE INDEX ideas_search ON ideas USING gin (search);

-- The original words are what the user typed: no statement may change them.
CREATE FUNCTION ideas_keep_original() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.original_content IS DISTINCT FROM OLD.original_content THEN
    RAISE EXCEPTION 'original_content is immutable';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER ideas_keep_original BEFORE UPDATE ON ideas FOR EACH ROW EXECUTE FUNCTION ideas_keep_original();

-- Each AI tidying of an idea (used by the AI gateway).
CREATE TABLE idea_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  idea_id uuid NOT NULL REFERENCES ideas (id) ON DELETE CASCADE,
  model text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  tags text[] NOT NULL DEFAULT '{}',
  points integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX idea_versions_idea ON idea_versions (idea_id, created_at DESC);

CREATE TABLE notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL,
  content text NOT NULL,
  source_idea_ids uuid[] NOT NULL DEFAULT '{}',
  tags text[] NOT NULL DEFAULT '{}',
  pinned boolean NOT NULL DEFAULT false,
  search tsvector NOT NULL DEFAULT ''::tsvector,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notes_user_created ON notes (user_id, created_at DESC, id DESC);
CREATE INDEX notes_tags ON notes USING gin (tags);
CREATE INDEX notes_search ON notes USING gin (search);

CREATE TABLE conversations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conversations_user ON conversations (user_id, created_at DESC, id DESC);

CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  content text NOT NULL,
  citations jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_conversation ON messages (conversation_id, created_at, id);

-- Points: the balance can never go below zero (the CHECK is the last line of defence; the
-- spend itself is one guarded UPDATE), and every change is a ledger line.
CREATE TABLE points_balances (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  balance integer NOT NULL CHECK (balance >= 0)
);

CREATE TABLE points_ledger (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  delta integer NOT NULL,
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  reason text NOT NULL,
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX points_ledger_user ON points_ledger (user_id, id DESC);

-- Append-only: ledger lines are never edited (deleting the account removes them with it).
CREATE FUNCTION points_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'points_ledger is append-only';
END $$;
CREATE TRIGGER points_ledger_append_only BEFORE UPDATE ON points_ledger
  FOR EACH ROW EXECUTE FUNCTION points_ledger_append_only();
