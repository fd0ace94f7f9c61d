-- Issue 30 (review of the import runner): a job's time budget (IMPORT_JOB_TIMEOUT) counts from
-- when a process first took it, not from each resume, so a job resumed again and again still ends.
-- Null while previewed or queued and never yet taken.
ALTER TABLE import_jobs ADD COLUMN started_at timestamptz;
