-- Every server process sweeps stale tidy claims once a minute: find them without reading every idea.
CREATE INDEX ideas_pending_tidy ON ideas (ai_started_at) WHERE ai_status = 'pending';
