-- Issue 34, item 5: the review pushed to a bound Telegram chat. A `telegram` channel sends through
-- the site's own bot to the chat of one binding (messaging_bindings, migration 054): unbinding the
-- chat removes the channel with it, and a chat bound to another account afterwards is a new binding
-- (bindings.store.ts bind), so an old channel never reaches its new owner. One channel a chat.
ALTER TABLE push_channels DROP CONSTRAINT push_channels_kind_check;
ALTER TABLE push_channels ADD CONSTRAINT push_channels_kind_check
  CHECK (kind IN ('wecom', 'feishu', 'dingtalk', 'bark', 'serverchan', 'webhook', 'telegram'));
ALTER TABLE push_channels ADD COLUMN binding_id uuid REFERENCES messaging_bindings (id) ON DELETE CASCADE;
ALTER TABLE push_channels ADD CONSTRAINT push_channels_telegram_binding
  CHECK ((kind = 'telegram') = (binding_id IS NOT NULL));
CREATE UNIQUE INDEX push_channels_binding ON push_channels (binding_id);
