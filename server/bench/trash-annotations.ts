/**
 * npm run bench -- trash-annotations — the check that a file is on a 批注 in 回收站
 * (ON_TRASHED_ANNOTATION in attachments.store.ts: the person's trashed ideas' JSON searched for the
 * 批注's id), in the attachment sweep, 转成文字's 不让AI读取 lookup and the export's file list. One
 * account with BENCH_TRASH trashed ideas (each with two 批注 and an AI version, moved there by
 * trashIdea itself), every 20th 批注 holding a picture, and 1,000 files on live ideas; run at a
 * realistic 回收站 (200) and a large one (10,000), first without migration 058's GIN index (dropped),
 * then with it. A fresh database on the machine's PostgreSQL (BENCH_ADMIN_URL). Figures only;
 * nothing asserts.
 */
import { randomUUID } from "node:crypto";
import { attachmentBatches, findRecording, sweepUnreferenced } from "../src/attachments/attachments.store.ts";
import { type Db, type Queryable, STATEMENT_TIMEOUT_MS } from "../src/db/pool.ts";
import { trashIdea } from "../src/items/trash.store.ts";
import { withFreshDatabase } from "./in-process.ts";
import { idea, ms, pct } from "./lib.ts";

const SIZES = (process.env.BENCH_TRASH ?? "200,10000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const LIVE_FILES = 1_000;
async function seed(db: Db, trashed: number) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (account, password_hash, nickname) VALUES ($1, 'x', '回收站基准') RETURNING id`,
    [`bench-trash-${trashed}-${randomUUID()}@example.cn`],
  );
  const userId = rows[0]!.id;
  const ideaIds = (
    await db.query<{ id: string }>(
      `INSERT INTO ideas (user_id, original_content, content)
       SELECT $1, c, c FROM unnest($2::text[]) c RETURNING id`,
      [userId, Array.from({ length: trashed + LIVE_FILES }, () => idea())],
    )
  ).rows.map((r) => r.id);
  const [toTrash, live] = [ideaIds.slice(0, trashed), ideaIds.slice(trashed)];
  await db.query(
    `INSERT INTO idea_versions (user_id, idea_id, model, title, content, tags, points)
     SELECT $1, i, 'bench', '标题', $3, '{}', 1 FROM unnest($2::uuid[]) i`,
    [userId, toTrash, idea()],
  );
  const annotationIds = (
    await db.query<{ id: string }>(
      `INSERT INTO annotations (user_id, idea_id, content, search)
       SELECT $1, i, c, to_tsvector('simple', c) FROM unnest($2::uuid[], $3::text[]) AS x (i, c) RETURNING id`,
      [userId, [...toTrash, ...toTrash], Array.from({ length: trashed * 2 }, () => idea())],
    )
  ).rows.map((r) => r.id);
  const onAnnotations = annotationIds.filter((_, n) => n % 20 === 0);
  // old enough for the sweep; a few bytes each (what is measured is the check, not the bytes)
  await db.query(
    `INSERT INTO attachments (id, user_id, item_id, position, kind, content_type, name, data, created_at)
     SELECT gen_random_uuid(), $1, i, 1, 'image', 'image/png', '图.png', '\\x89504e47', now() - interval '2 days'
     FROM unnest($2::uuid[]) i`,
    [userId, [...onAnnotations, ...live]],
  );
  for (const id of toTrash) await trashIdea(db, userId, id);
  const { rows: probe } = await db.query<{ id: string }>(
    "SELECT id FROM attachments WHERE user_id = $1 AND item_id = $2",
    [userId, onAnnotations.at(-1)],
  );
  return { userId, fileOnTrashedAnnotation: probe[0]!.id, filesOnTrash: onAnnotations.length };
}

/** Timed `runs` times after a warm-up; a step slower than a second is timed once. */
async function series(name: string, runs: number, step: () => Promise<unknown>) {
  const first = performance.now();
  await step();
  const once = performance.now() - first;
  const over =
    once > STATEMENT_TIMEOUT_MS
      ? ` (over the pool's ${STATEMENT_TIMEOUT_MS / 1000} s statement timeout)`
      : "";
  if (once > 1_000) return console.log(`| ${name} | once: **${ms(once)}**${over} |`);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await step();
    times.push(performance.now() - t);
  }
  console.log(`| ${name} | p50 ${ms(pct(times, 50))}, p95 **${ms(pct(times, 95))}** |`);
}

/** On a connection without the statement timeout, so that a slow step is measured, not cancelled. */
async function measure(pool: Db, label: string, s: Awaited<ReturnType<typeof seed>>) {
  const db = await pool.connect();
  await db.query("SET statement_timeout = 0");
  try {
    await steps(db, label, s);
  } finally {
    db.release();
  }
}

async function steps(db: Queryable, label: string, s: Awaited<ReturnType<typeof seed>>) {
  await series(`${label}: sweep (whole table)`, RUNS, async () => {
    const deleted = await sweepUnreferenced(db, 24 * 3_600_000);
    if (deleted) throw new Error(`the sweep deleted ${deleted} files it should keep`);
  });
  await series(`${label}: 转成文字's lookup of one file on a trashed 批注`, RUNS * 10, async () => {
    if (!(await findRecording(db, s.userId, s.fileOnTrashedAnnotation))) throw new Error("not found");
  });
  await series(`${label}: the export's file list, 回收站 included`, RUNS, async () => {
    let n = 0;
    for await (const batch of attachmentBatches(db, s.userId, 500, { withData: false, withTrash: true }))
      n += batch.length;
    if (n !== LIVE_FILES + s.filesOnTrash) throw new Error(`listed ${n}`);
  });
}

async function main() {
  for (const trashed of SIZES) {
    await withFreshDatabase("trash", async (db) => {
      const started = performance.now();
      const s = await seed(db, trashed);
      await db.query("VACUUM ANALYZE");
      const { rows } = await db.query<{ bytes: string }>(
        "SELECT pg_size_pretty(pg_total_relation_size('trash')) AS bytes",
      );
      console.log(
        `\n${trashed} ideas in 回收站 (${trashed * 2} 批注, ${s.filesOnTrash} of them with a picture), ` +
          `${LIVE_FILES} files on live ideas; trash table ${rows[0]!.bytes}; seeded in ${ms(performance.now() - started)}\n`,
      );
      const { rows: index } = await db.query<{ made: string }>(
        "SELECT indexdef AS made FROM pg_indexes WHERE indexname = 'trash_annotations'",
      );
      await db.query("DROP INDEX trash_annotations");
      await measure(db, "no index", s);
      await db.query(index[0]!.made);
      await db.query("VACUUM ANALYZE");
      const { rows: size } = await db.query<{ bytes: string }>(
        "SELECT pg_size_pretty(pg_relation_size('trash_annotations')) AS bytes",
      );
      await measure(db, `GIN index (${size[0]!.bytes})`, s);
    });
  }
}

await main();
