-- 相关内容 (issue 17) weighs a shared word by how rare it is among the person's own ideas and
-- notes. Counting that through the search index for one item's words took ~25 ms at 10,000 items
-- (ts_stat over the same rows ~17 ms), over the 30 ms the whole request may take: the counts are
-- kept here instead, recomputed from the rows (services/related-terms.ts) when the account has
-- grown or shrunk by a tenth, or a week has passed. Only words in two items or more are kept; a
-- word that is missing was written once. Derived data: not exported, rebuilt at will.
CREATE TABLE term_stats (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  lexeme text NOT NULL,
  docs integer NOT NULL,
  PRIMARY KEY (user_id, lexeme)
);
CREATE TABLE term_stats_state (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- the account's items when the counts were taken
  items integer NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);

-- The time range a question asked about (上个月, 去年这时候 …), kept with the answer so a reopened
-- conversation still shows what it was limited to: { label, from, to } or null.
ALTER TABLE messages ADD COLUMN time_filter jsonb;
