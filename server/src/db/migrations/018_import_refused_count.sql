-- 导入数据: every refusal counted, beside the first 100 that `refused` keeps to show (a flomo
-- export with 750 images said 100).
ALTER TABLE import_jobs ADD COLUMN refused_count integer NOT NULL DEFAULT 0;
-- jobs before this column: what they kept is what is known
UPDATE import_jobs SET refused_count = jsonb_array_length(refused);
