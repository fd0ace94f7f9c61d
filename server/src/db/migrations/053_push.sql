-- Issue 34, items 1 and 2: push channels per person (group robots, phone pushes, a signed webhook),
-- and what is pushed when (每日回顾 at a chosen time, 周报/月报 once ready).
--
-- A channel's whole configuration is sealed under SECRET_KEY (push/saved-config.ts): a robot's
-- address carries its access token (WeCom's key=, DingTalk's access_token=, Feishu's hook id), so
-- the address is a secret as much as the signing secret is. `target` is what may be shown: a host.
CREATE TABLE push_channels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('wecom', 'feishu', 'dingtalk', 'bark', 'serverchan', 'webhook')),
  name text,
  target text NOT NULL,
  config_enc bytea NOT NULL,
  secret_set boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,
  failures integer NOT NULL DEFAULT 0, -- in a row; switched off at push.maxFailures
  last_error text,
  last_sent_at timestamptz,
  -- a fixed window of sends, shared by every process: at most push.perChannelPerMinute a minute
  window_start timestamptz NOT NULL DEFAULT '-infinity',
  window_sent integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_channels_user ON push_channels (user_id, created_at);
CREATE INDEX push_channels_enabled ON push_channels (user_id) WHERE enabled;

-- What a person wants pushed. No row: the defaults (每日回顾 at 08:30 Beijing, digests on).
CREATE TABLE push_settings (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  review boolean NOT NULL DEFAULT true,
  review_at time NOT NULL DEFAULT '08:30',
  digests boolean NOT NULL DEFAULT true
);

-- One row per person, kind and key ('review', Beijing day; 'digest', the digest's period): claimed
-- by one process (INSERT … ON CONFLICT on the key), sent once. Only today's review key is ever
-- inserted, so a day the server missed is never sent later. `state`: claimed (being sent; its
-- process died when claimed_at is old: taken over), retry (a channel failed: due at next_at),
-- sent, skipped (nothing to push that day), failed (gave up). `sent_to`: the channels it reached, not sent to again on a retry.
CREATE TABLE push_deliveries (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('review', 'digest')),
  key text NOT NULL,
  state text NOT NULL DEFAULT 'claimed' CHECK (state IN ('claimed', 'retry', 'sent', 'skipped', 'failed')),
  claim uuid NOT NULL DEFAULT gen_random_uuid(),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 1,
  next_at timestamptz,
  sent_to uuid[] NOT NULL DEFAULT '{}',
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, key)
);
CREATE INDEX push_deliveries_retry ON push_deliveries (next_at) WHERE state IN ('claimed', 'retry');
