-- The AI assistant: side chats about one item, reply state and cost, the version an idea shows,
-- and refunds that can happen only once per spend.

ALTER TABLE conversations
  ADD COLUMN subject_type text CHECK (subject_type IN ('idea', 'note')),
  ADD COLUMN subject_id uuid,
  ADD CHECK ((subject_type IS NULL) = (subject_id IS NULL));
CREATE INDEX conversations_subject ON conversations (user_id, subject_id) WHERE subject_id IS NOT NULL;

ALTER TABLE messages
  ADD COLUMN status text NOT NULL DEFAULT 'done' CHECK (status IN ('done', 'stopped', 'error')),
  ADD COLUMN points integer NOT NULL DEFAULT 0,
  ADD COLUMN mode text NOT NULL DEFAULT 'provider' CHECK (mode IN ('offline', 'provider')),
  ADD COLUMN model text;

-- NULL once the user edits the idea by hand (or before any tidying).
ALTER TABLE ideas ADD COLUMN ai_version_id uuid REFERENCES idea_versions (id) ON DELETE SET NULL;

-- A spend is refunded at most once, whatever retries or processes race to refund it.
ALTER TABLE points_ledger ADD COLUMN refund_of bigint UNIQUE;
