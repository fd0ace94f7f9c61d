-- The spend of the tidy running on an idea: when a process dies mid-tidy, whoever takes over
-- the stale claim refunds it.
ALTER TABLE ideas ADD COLUMN ai_spend_id bigint;
