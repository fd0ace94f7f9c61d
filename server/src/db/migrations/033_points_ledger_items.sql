-- What an AI spend paid for (issue 29), so that /ai-points can link a line to it while it exists:
-- the idea tidied, the conversation answered, the note composed, the recording transcribed (which
-- leads to the idea or note it is on). A table beside the ledger rather than columns on it: the
-- ledger is append-only (migration 001's trigger) and a composed note's id is known only once the
-- note is saved, after its spend. item_id has no foreign key (it names rows of four tables, and a
-- deleted item simply stops being linked); the line's own row goes with the ledger's. A refund
-- line links through the spend it refunds (points_ledger.refund_of). Lines from before this
-- migration have none: nothing recorded what they paid for.
CREATE TABLE points_ledger_items (
  ledger_id bigint PRIMARY KEY REFERENCES points_ledger (id) ON DELETE CASCADE,
  item_type text NOT NULL CHECK (item_type IN ('idea', 'note', 'conversation', 'attachment')),
  item_id uuid NOT NULL
);
