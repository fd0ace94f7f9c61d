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

-- A recording's length (issue 29), as the recorder measured it when it stopped: the browser cannot
-- tell it from a MediaRecorder WebM (it has no duration in its header, so players show none until
-- played through). NULL for pictures, and for recordings from before or from elsewhere (the player
-- reads those from the file where it can). No table rewrite: a nullable column without default.
ALTER TABLE attachments ADD COLUMN duration_ms integer CHECK (duration_ms > 0);
