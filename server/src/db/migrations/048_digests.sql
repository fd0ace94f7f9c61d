-- 周报/月报 (issue 33, item 6): each digest period of each person who opted in (users.settings
-- ->> 'digest'), claimed by one process (INSERT … ON CONFLICT on the key), made once. The row stays
-- when the digest is deleted, so the period is never drawn again.
-- `period`: 'week:<Monday>' or 'month:<YYYY-MM>' (Beijing). `state`: claimed (being drawn, or its
-- process died: taken over once claimed_at is old), made (insight_id), skipped (too few items, too
-- few points: not retried), failed (the provider failed on every attempt). `claim` is the claimant's
-- token: a process whose claim was taken over cannot record its digest as well.
-- insight_id has no foreign key: insights come in migration 049, which runs after this one.
CREATE TABLE digests (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  period text NOT NULL,
  state text NOT NULL DEFAULT 'claimed' CHECK (state IN ('claimed', 'made', 'skipped', 'failed')),
  claim uuid NOT NULL DEFAULT gen_random_uuid(),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 1,
  reason text,
  insight_id uuid,
  read_at timestamptz,
  PRIMARY KEY (user_id, period)
);
CREATE UNIQUE INDEX digests_insight ON digests (insight_id) WHERE insight_id IS NOT NULL;
CREATE INDEX digests_unread ON digests (user_id) WHERE state = 'made' AND read_at IS NULL;
-- the sweep reads only the people who opted in
CREATE INDEX users_digest ON users ((settings ->> 'digest')) WHERE settings ->> 'digest' IN ('weekly', 'monthly');
