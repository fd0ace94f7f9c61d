-- Every idea and note a reply was grounded in (not only the ones it cited): history that quoted
-- an idea later marked 不让AI读取 is then left out of the next prompt.
ALTER TABLE messages ADD COLUMN source_ids uuid[] NOT NULL DEFAULT '{}';

-- When the running tidy claimed the idea: one tidy at a time, and a claim left behind by a
-- process that died becomes stale instead of blocking the idea for good.
ALTER TABLE ideas ADD COLUMN ai_started_at timestamptz;
