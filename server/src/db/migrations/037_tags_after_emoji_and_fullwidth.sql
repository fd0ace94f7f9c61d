-- The tag rule takes more (packages/contract/src/tags.ts): a tag after an emoji, a symbol or ・
-- (`🏃#跑步`), after `, . ! ? ; : (` typed half-width in Chinese text (`好,#跑步`), and the
-- full-width `＃` a Chinese IME types. The walk of migration 030 (services/tag-rederive.ts) runs
-- again from the start of each place, adding the tags the rule now finds. It never removes one.
-- As with 030, a tag the rule found before and the person took off the tags alone (its `#` still
-- in the words) comes back with it, as it would on the item's next edit of its words.
INSERT INTO tag_rederive (source) VALUES ('ideas'), ('notes'), ('trash')
ON CONFLICT (source) DO UPDATE SET after_id = '00000000-0000-0000-0000-000000000000';
