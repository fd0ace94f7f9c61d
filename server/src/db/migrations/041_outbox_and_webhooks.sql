-- Issue 32, items 5 and 6: the outbox of item changes, and signed outgoing webhooks fed by it.
--
-- item_events is written by triggers, in the transaction of the change itself: every path that
-- writes ideas and notes (capture, edits, 自动整理, tag renames, 回收站 and its restore) is covered
-- without one more round trip (a capture stays three statements, test/items/capture-round-trips).
-- An import sets shinian.outbox = 'quiet' in its batches: thousands of old items are not news.
-- The triggers then fan each event out to the account's webhooks subscribed to it, and NOTIFY
-- item_events with the account's id, delivered at commit (and once per account per transaction).
CREATE TABLE item_events (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL, -- no foreign key: an account's deletion deletes its items, which log here
  type text NOT NULL,
  item_id uuid,          -- null for review.ready
  item_type text NOT NULL CHECK (item_type IN ('idea', 'note', 'review')),
  at timestamptz NOT NULL DEFAULT now(),
  -- the writing transaction: a reader that must never skip a row committed late reads only below
  -- pg_snapshot_xmin(pg_current_snapshot()), in (txid, id) order (bigserial ids commit out of order)
  txid xid8 NOT NULL DEFAULT pg_current_xact_id()
);
CREATE INDEX item_events_user ON item_events (user_id, id);
-- append-only and pruned by age: a block range index costs next to nothing on each insert
CREATE INDEX item_events_at ON item_events USING brin (at);

CREATE TABLE webhooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL,
  secret_enc bytea NOT NULL, -- whsec_… sealed with SECRET_KEY (shared/secret-box.ts)
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhooks_user ON webhooks (user_id) WHERE enabled;

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(), -- the webhook-id header: the same on every retry
  webhook_id uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  event_id bigint,      -- item_events.id; null for 发送测试
  type text NOT NULL,
  item_id uuid,
  item_type text NOT NULL,
  event_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  response_status integer,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_list ON webhook_deliveries (webhook_id, created_at DESC);

-- Fans new events out to the webhooks subscribed to them, and wakes the listeners.
CREATE FUNCTION item_events_fan_out() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (webhook_id, user_id, event_id, type, item_id, item_type, event_at)
  SELECT w.id, e.user_id, e.id, e.type, e.item_id, e.item_type, e.at
  FROM new_events e JOIN webhooks w ON w.user_id = e.user_id AND w.enabled AND e.type = ANY (w.events);
  PERFORM pg_notify('item_events', u.user_id::text) FROM (SELECT DISTINCT user_id FROM new_events) u;
  RETURN NULL;
END $$;
CREATE TRIGGER item_events_fan_out AFTER INSERT ON item_events
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION item_events_fan_out();

CREATE FUNCTION outbox_quiet() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('shinian.outbox', true), '') = 'quiet'
$$;

-- One statement-level trigger per kind of change and table: one INSERT however many rows changed.
CREATE FUNCTION items_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF outbox_quiet() THEN RETURN NULL; END IF;
  INSERT INTO item_events (user_id, type, item_id, item_type)
  SELECT n.user_id, TG_ARGV[0] || '.created', n.id, TG_ARGV[0] FROM new_rows n;
  RETURN NULL;
END $$;

CREATE FUNCTION items_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF outbox_quiet() THEN RETURN NULL; END IF;
  INSERT INTO item_events (user_id, type, item_id, item_type)
  SELECT o.user_id, TG_ARGV[0] || '.deleted', o.id, TG_ARGV[0] FROM old_rows o;
  RETURN NULL;
END $$;

-- What a reader sees changed: the words, the tags, 置顶 and (ideas) 不让AI读取. Search words, AI
-- claims and the like are the server's own bookkeeping, not news.
CREATE FUNCTION items_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF outbox_quiet() THEN RETURN NULL; END IF;
  IF TG_ARGV[0] = 'idea' THEN
    INSERT INTO item_events (user_id, type, item_id, item_type)
    SELECT n.user_id, 'idea.updated', n.id, 'idea' FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.title, n.content, n.tags, n.pinned, n.ai_excluded, n.archived_at)
      IS DISTINCT FROM (o.title, o.content, o.tags, o.pinned, o.ai_excluded, o.archived_at);
  ELSE
    INSERT INTO item_events (user_id, type, item_id, item_type)
    SELECT n.user_id, 'note.updated', n.id, 'note' FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.title, n.content, n.tags, n.pinned, n.archived_at)
      IS DISTINCT FROM (o.title, o.content, o.tags, o.pinned, o.archived_at);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ideas_created AFTER INSERT ON ideas REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION items_created('idea');
CREATE TRIGGER ideas_updated AFTER UPDATE ON ideas REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION items_updated('idea');
CREATE TRIGGER ideas_deleted AFTER DELETE ON ideas REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION items_deleted('idea');
CREATE TRIGGER notes_created AFTER INSERT ON notes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION items_created('note');
CREATE TRIGGER notes_updated AFTER UPDATE ON notes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION items_updated('note');
CREATE TRIGGER notes_deleted AFTER DELETE ON notes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION items_deleted('note');

-- 每日回顾 is drawn on the day's first ask (review/review.store.ts): ready once it holds something,
-- which is once per account and Beijing day (an empty set is replaced by the first full draw).
CREATE FUNCTION review_ready() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO item_events (user_id, type, item_id, item_type)
    SELECT n.user_id, 'review.ready', NULL, 'review' FROM new_rows n WHERE n.item_ids <> '{}';
  ELSE
    INSERT INTO item_events (user_id, type, item_id, item_type)
    SELECT n.user_id, 'review.ready', NULL, 'review'
    FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id AND o.day = n.day
    WHERE n.item_ids <> '{}' AND o.item_ids = '{}';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER review_days_ready_insert AFTER INSERT ON review_days REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION review_ready();
CREATE TRIGGER review_days_ready_update AFTER UPDATE ON review_days
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION review_ready();
