-- Issue 30 (review of the import runner): a job's time budget (IMPORT_JOB_TIMEOUT) counts from
-- when a process first took it, not from each resume, so a job resumed again and again still ends.
-- Null while previewed or queued and never yet taken.
ALTER TABLE import_jobs ADD COLUMN started_at timestamptz;

-- A cancel asked for in one process reaches the runner in another without waiting for the job's
-- row, which that runner's open batch holds locked: its next lease renewal reads this and ends
-- it. No foreign key: checking one would wait for that same row lock.
CREATE TABLE import_cancel_requests (
  job_id uuid PRIMARY KEY,
  requested_at timestamptz NOT NULL DEFAULT now()
);
