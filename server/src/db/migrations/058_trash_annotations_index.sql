-- Whether a file is on a 批注 in 回收站 (attachments.store.ts ON_TRASHED_ANNOTATION: the attachment
-- sweep, 转成文字's 不让AI读取 lookup, the export's file list) was answered by reading every trashed
-- idea of the person, once per file: with 10,000 ideas in 回收站 and 1,000 such files the sweep took
-- 15.7–20.8 s, over the statement timeout, so it was cancelled and swept nothing for anyone. This
-- index answers the same containment (`item -> 'annotations' @> [{"id": …}]`) directly: p50 17–37 ms
-- (docs/benchmarks.md, `npm run bench -- trash-annotations`).
CREATE INDEX trash_annotations ON trash USING gin ((item -> 'annotations') jsonb_path_ops) WHERE type = 'idea';
