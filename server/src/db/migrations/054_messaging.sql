-- Chat apps as a capture box (issue 34, items 3–5): a person binds a chat account (a WeChat
-- 公众号 follower's openid, later a Telegram chat) to their 拾念 account with a one-time code.
--
-- messaging_bind_codes: one live code per person at most (a new one replaces the old). It is kept as
-- its SHA-256, looked up by equality; an unsalted hash of a few digits is reversed by trying them
-- all, so a dump of a live row is as good as the code: codes live 10 minutes and work once. It is
-- deleted when used, and `code_hash` is unique so that a code names one person (a clash draws another).
CREATE TABLE messaging_bind_codes (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash bytea NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL
);

-- A chat account is bound to one 拾念 account at most (unique per platform and external id); a
-- person may bind several. `review_*`: the 每日回顾 last sent to this chat, remembered for its
-- day so that a reply starting with an item's number (`2 又想到…`) finds the item (review by reply).
CREATE TABLE messaging_bindings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  platform text NOT NULL CHECK (platform IN ('wechat', 'telegram')),
  external_id text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 128),
  created_at timestamptz NOT NULL DEFAULT now(),
  review_day date,
  review_items jsonb,
  UNIQUE (platform, external_id)
);
CREATE INDEX messaging_bindings_user ON messaging_bindings (user_id, created_at);

-- Failed `绑定` attempts per chat account: an 8-digit code must not be guessable by trying them all.
CREATE TABLE messaging_bind_failures (
  platform text NOT NULL,
  external_id text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messaging_bind_failures_sender ON messaging_bind_failures (platform, external_id, failed_at);

-- Every message taken, by the platform's own key (WeChat: MsgId, or FromUserName + CreateTime for
-- events), so that a retry of it (WeChat retries three times when no answer comes in 5 seconds) is
-- never handled twice, whichever process it reaches. `reply`: the answer once it is known, given
-- again to a retry; rows older than two days are pruned (no platform retries that late).
CREATE TABLE messaging_seen (
  platform text NOT NULL,
  message_key text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  reply text,
  PRIMARY KEY (platform, message_key)
);
CREATE INDEX messaging_seen_at ON messaging_seen (seen_at);
