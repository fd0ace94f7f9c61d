-- 自动整理 is never on without the person's choice (issue 29). Before 031 every account was made
-- with settings {"autoTidy": true}, the old default; 个人资料 sent the box's state with every save,
-- so an account whose settings are still exactly that never touched them: it was never a choice.
-- Those accounts get 自动整理 off and "not chosen yet" (the setting removed, stores/accounts.ts),
-- and are asked like a new account. Any other settings show a save of 个人资料: kept as they are.
UPDATE users SET settings = '{}' WHERE settings = '{"autoTidy": true}'::jsonb;
