-- What distributing 拾念's tables by user_id (Citus: create_distributed_table(t, 'user_id'))
-- would meet, read from a migrated database:
--   psql "$DATABASE_URL" -f deploy/bench/distribution-check.sql
-- Citus requires every PRIMARY KEY and UNIQUE constraint of a distributed table to contain the
-- distribution column, and a foreign key between distributed tables to include it on both sides.
WITH tables AS (
  SELECT c.oid, c.relname
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
), cols AS (
  SELECT con.conrelid, con.conname, con.contype,
         array_agg(a.attname ORDER BY k.ord) AS columns,
         con.confrelid::regclass::text AS refers_to
  FROM pg_constraint con
  CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
  JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
  WHERE con.contype IN ('p', 'u', 'f')
  GROUP BY con.conrelid, con.conname, con.contype, con.confrelid
), unique_indexes AS (
  SELECT i.indrelid AS conrelid, ic.relname AS conname, 'i'::"char" AS contype,
         array_agg(coalesce(a.attname, '(expression)') ORDER BY k.ord) AS columns, NULL::text AS refers_to
  FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
  CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
  LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
  WHERE i.indisunique AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
  GROUP BY i.indrelid, ic.relname
)
SELECT t.relname AS "table",
       EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = t.oid AND a.attname = 'user_id' AND NOT a.attisdropped) AS has_user_id,
       c.contype AS kind, c.conname AS "constraint", array_to_string(c.columns, ', ') AS columns, c.refers_to,
       CASE WHEN 'user_id' = ANY (c.columns) THEN 'ok' ELSE 'must change' END AS verdict
FROM tables t
JOIN (SELECT * FROM cols UNION ALL SELECT * FROM unique_indexes) c ON c.conrelid = t.oid
WHERE NOT ('user_id' = ANY (c.columns))
ORDER BY t.relname, c.contype, c.conname;
