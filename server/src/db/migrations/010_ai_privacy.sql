-- 自动整理 waits AI_TIDY_GRACE after capture, so that marking the idea 不让AI读取 or deleting it in
-- that time means its text is never sent. The due time lives here, not in a process's timer: it
-- survives a restart, and every server process may pick the idea up once it is due (one claims it).
ALTER TABLE ideas ADD COLUMN ai_tidy_due_at timestamptz;
CREATE INDEX ideas_tidy_due ON ideas (ai_tidy_due_at) WHERE ai_tidy_due_at IS NOT NULL;

-- An AI call is paid for before the provider is asked, and the spend stays open until its answer
-- is saved (in the same transaction) or it is refunded. A spend still open after open_until
-- belongs to a process that died: any process refunds it, once (points_ledger.refund_of is
-- UNIQUE). Its own table because the ledger is append-only; opened in the spend's statement.
CREATE TABLE open_spends (
  ledger_id bigint PRIMARY KEY REFERENCES points_ledger (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  cost integer NOT NULL,
  reason text NOT NULL,
  open_until timestamptz NOT NULL
);
CREATE INDEX open_spends_until ON open_spends (open_until);
