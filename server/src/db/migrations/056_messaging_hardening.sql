-- Messaging review fixes (after 054).
--
-- messaging_wechat_nonces: every signed (timestamp, nonce) WeChat posted within the accepted clock
-- window (5 minutes), with the SHA-256 of the body it came with: the same pair carrying another
-- body is a replay of a captured signature (明文模式's signature does not cover the message) and is
-- refused. Rows older than the window are pruned by the periodic sweep.
CREATE TABLE messaging_wechat_nonces (
  signed_at bigint NOT NULL,
  nonce text NOT NULL,
  body_hash bytea NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (signed_at, nonce)
);
CREATE INDEX messaging_wechat_nonces_seen ON messaging_wechat_nonces (seen_at);

-- messaging_seen.tries: how many times the platform posted this message. WeChat posts a message
-- up to three times; a reply still being worked on is not answered (so that WeChat retries) until
-- the last try, which answers "success" if there is still nothing to say.
ALTER TABLE messaging_seen ADD COLUMN tries integer NOT NULL DEFAULT 1;

-- messaging_bindings.review_at: when the last 回顾 was sent here. A `2 …` counts as a 批注 on its
-- item only within 30 minutes of it (else it is an ordinary idea, a numbered list most of all).
ALTER TABLE messaging_bindings ADD COLUMN review_at timestamptz;
