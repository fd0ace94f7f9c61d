-- Operator commands (issue 19): invite codes for REGISTRATION=invite, and one-time password
-- reset links. Only a sha256 of a code or a link's token is stored, like a session's.

-- `npm run invite:create`: a code for `max_uses` registrations until `expires_at` (null: no end).
-- A registration takes a use with one conditional UPDATE in its transaction, so concurrent
-- registrations never use a code more often than it allows, and a failed one gives its use back.
CREATE TABLE invite_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code_hash bytea NOT NULL UNIQUE,
  max_uses integer NOT NULL CHECK (max_uses > 0),
  uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0 AND uses <= max_uses),
  note text NOT NULL DEFAULT '',
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- `npm run account:reset-password`: one live link per account (a new one replaces it); using it
-- deletes the row, so a link works once.
CREATE TABLE password_resets (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
