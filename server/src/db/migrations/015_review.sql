-- 每日回顾 and 那年今日 (issue 15).
-- A user's set for one day in Beijing time, made once: two processes asking at once meet at the
-- primary key (INSERT … ON CONFLICT DO NOTHING), and the one that loses reads the winner's set.
CREATE TABLE review_days (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL,
  item_ids uuid[] NOT NULL,
  done_ids uuid[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (user_id, day)
);

-- Per idea or note (no foreign key: ids of two tables; a purge from 回收站 deletes the row): how
-- often and when last it was in a day's set, and whether it is 不再回顾. It survives the trash,
-- so a restored item keeps its review history.
CREATE TABLE review_items (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  item_id uuid NOT NULL,
  shown_count integer NOT NULL DEFAULT 0,
  last_shown_on date,
  excluded boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, item_id)
);

-- The day's set is drawn from a window of the user's items around a random id (a bounded,
-- uniform sample however large the account), and 那年今日 looks items up by their Beijing date.
CREATE INDEX ideas_user_id ON ideas (user_id, id);
CREATE INDEX notes_user_id ON notes (user_id, id);
CREATE INDEX ideas_user_beijing_day ON ideas (user_id, ((created_at AT TIME ZONE 'Asia/Shanghai')::date));
CREATE INDEX notes_user_beijing_day ON notes (user_id, ((created_at AT TIME ZONE 'Asia/Shanghai')::date));
