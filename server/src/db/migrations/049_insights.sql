-- 洞察 (issue 33, item 5): AI reports over a scope of ideas and notes, kept in their own table so
-- that they never become an idea or a note, never reach search or the assistant's grounding (unless
-- ai_grounding is set, which nothing sets yet), and leave with the account (user_id cascade).
-- `citations` are the items the body cites as [n], each checked to be inside the scope when saved:
-- [{type, id, title, ref}]. They are references, not foreign keys: an item deleted later leaves
-- its citation pointing at nothing, and the report as it was written.
CREATE TABLE insights (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL,
  lens text NOT NULL,
  prompt text,
  scope jsonb NOT NULL,
  body text NOT NULL,
  citations jsonb NOT NULL DEFAULT '[]',
  item_count integer NOT NULL,
  ai_grounding boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX insights_user_created ON insights (user_id, created_at DESC, id DESC);
