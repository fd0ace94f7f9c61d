-- 导入数据 (issue 16). An upload is stored in the database as ~1 MB chunks, so that every server
-- process can read it (never one process's memory or one machine's disk). Its job is recorded
-- here: previewed, then running under a lease that any process takes over once it expires, each
-- batch of records written in one transaction with the job's progress (`done`), so a restart
-- resumes by skipping what is done.
CREATE TABLE import_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 'uploading' while the file streams in and is previewed: not yet a job the API shows
  status text NOT NULL CHECK (status IN ('uploading', 'previewed', 'running', 'done', 'failed', 'cancelled')),
  kind text CHECK (kind IN ('shinian', 'flomo', 'memos', 'markdown')),
  -- the uploaded files: [{ "name": …, "size": … }], part n's chunks are import_chunks.part = n
  parts jsonb NOT NULL DEFAULT '[]',
  preview jsonb,
  take_profile boolean NOT NULL DEFAULT false,
  -- the profile before a takeProfile import changed it: a cancel puts it back
  previous_profile jsonb,
  total integer NOT NULL DEFAULT 0,
  done integer NOT NULL DEFAULT 0,
  imported jsonb NOT NULL DEFAULT '{"ideas": 0, "notes": 0, "conversations": 0}',
  skipped integer NOT NULL DEFAULT 0,
  refused jsonb NOT NULL DEFAULT '[]',
  error text,
  lease_owner uuid,
  lease_until timestamptz,
  -- an upload or preview not started by then is swept away with its chunks
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_jobs_user ON import_jobs (user_id, created_at DESC);
-- one running import per account
CREATE UNIQUE INDEX import_jobs_one_running ON import_jobs (user_id) WHERE status = 'running';
CREATE INDEX import_jobs_lease ON import_jobs (lease_until) WHERE status = 'running';
CREATE INDEX import_jobs_expires ON import_jobs (expires_at) WHERE status IN ('uploading', 'previewed');

CREATE TABLE import_chunks (
  job_id uuid NOT NULL REFERENCES import_jobs (id) ON DELETE CASCADE,
  part integer NOT NULL,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (job_id, part, seq)
);

-- What an item was in its source (kind + type + key: an export's id, a memo's id, a fingerprint)
-- and what it became here: importing the same file again finds it and makes nothing.
CREATE TABLE import_keys (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  type text NOT NULL CHECK (type IN ('idea', 'ideaVersion', 'note', 'conversation')),
  key text NOT NULL,
  item_id uuid NOT NULL,
  job_id uuid NOT NULL,
  PRIMARY KEY (user_id, kind, type, key)
);
CREATE INDEX import_keys_job ON import_keys (job_id);

-- References to items not (yet) imported: resolved when their target arrives later in the same
-- job, dropped when the job ends without it.
CREATE TABLE import_refs (
  job_id uuid NOT NULL REFERENCES import_jobs (id) ON DELETE CASCADE,
  target_type text NOT NULL,
  target_key text NOT NULL,
  holder_id uuid NOT NULL,
  field text NOT NULL CHECK (field IN ('noteSource', 'appliedVersion', 'subject', 'messageSource', 'citation')),
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX import_refs_target ON import_refs (job_id, target_type, target_key);

-- Imported rows carry their job: cancelling it removes exactly them.
ALTER TABLE ideas ADD COLUMN import_job_id uuid;
ALTER TABLE idea_versions ADD COLUMN import_job_id uuid;
ALTER TABLE notes ADD COLUMN import_job_id uuid;
ALTER TABLE conversations ADD COLUMN import_job_id uuid;
ALTER TABLE messages ADD COLUMN import_job_id uuid;
CREATE INDEX ideas_import_job ON ideas (import_job_id) WHERE import_job_id IS NOT NULL;
CREATE INDEX idea_versions_import_job ON idea_versions (import_job_id) WHERE import_job_id IS NOT NULL;
CREATE INDEX notes_import_job ON notes (import_job_id) WHERE import_job_id IS NOT NULL;
CREATE INDEX conversations_import_job ON conversations (import_job_id) WHERE import_job_id IS NOT NULL;
CREATE INDEX messages_import_job ON messages (import_job_id) WHERE import_job_id IS NOT NULL;
