-- Sign-in throttling now keys its rows 'pair:<client> <account>', 'client:<client>',
-- 'account:<account>', 'confirm:<session>' and 'register:<client>' (services/login-throttle.ts),
-- and looks back up to a day. Every recorded attempt first purges rows older than that day: by
-- this index, not by scanning a table that strangers' guesses make large.
CREATE INDEX login_failures_failed_at ON login_failures (failed_at);
