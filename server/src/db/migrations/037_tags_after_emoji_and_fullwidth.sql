-- The tag rule takes more (packages/contract/src/tags.ts): a tag after an emoji, a symbol or ・
-- (`🏃#跑步`), after `, . ! ? ; : (` typed half-width in Chinese text (`好,#跑步`), and the
-- full-width `＃` a Chinese IME types. The walk of migration 030 (services/tag-rederive.ts) runs
-- again from the start of each place, adding only what the rule of 030 did not find: a tag 030
-- found and the person took off since stays off, and an AI-tidied idea's original words are read
-- with the person's renames since (migration 036), so an old name never returns. A walk of 030
-- still under way starts over with 030's comparison (its items have not had those tags yet).
ALTER TABLE tag_rederive ADD COLUMN IF NOT EXISTS since_rule text NOT NULL DEFAULT '029'
  CHECK (since_rule IN ('029', '030'));
ALTER TABLE tag_rederive ALTER COLUMN since_rule SET DEFAULT '030';
UPDATE tag_rederive SET after_id = '00000000-0000-0000-0000-000000000000';
INSERT INTO tag_rederive (source) VALUES ('ideas'), ('notes'), ('trash') ON CONFLICT (source) DO NOTHING;
