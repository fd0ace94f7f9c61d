import type { TestCtx } from "./helpers.ts";

/**
 * Columns that change by merely using a token, not by anything a request asks for: a session's
 * sliding expiry and an access token's last use.
 */
const BOOKKEEPING = new Set([
  "sessions.last_seen_at",
  "sessions.expires_at",
  "access_tokens.last_used_at",
  "access_tokens.last_used_by",
]);
/**
 * The per-user write buckets (points/write-limits.ts) count every attempt, refused ones too;
 * 相关内容's word counts (migration 022) are a cache that any read may refresh.
 */
const BOOKKEEPING_TABLES = ["write_buckets", "term_stats", "term_stats_state"];

const statements = new WeakMap<TestCtx["db"], Promise<string>>();

/**
 * One statement reading every row a user owns: the user's own row and every table with a
 * user_id column (migrations give every user-owned table one), found in the catalogue so that a
 * new table is covered without touching the tests.
 */
async function snapshotStatement(ctx: TestCtx): Promise<string> {
  const { rows } = await ctx.db.query<{ table_name: string; columns: string[] }>(
    `SELECT table_name, array_agg(column_name::text ORDER BY ordinal_position) AS columns
       FROM information_schema.columns
      WHERE table_schema = current_schema()
        AND table_name IN (SELECT table_name FROM information_schema.columns
                            WHERE table_schema = current_schema() AND column_name = 'user_id')
        AND table_name <> ALL($1::text[])
      GROUP BY table_name ORDER BY table_name`,
    [BOOKKEEPING_TABLES],
  );
  const rowsOf = (table: string, columns: string[], owner: string) => {
    const kept = columns.filter((c) => !BOOKKEEPING.has(`${table}.${c}`));
    const pairs = kept.map((c) => `'${c}', t."${c}"`).join(", ");
    return `'${table}', (SELECT coalesce(jsonb_agg(jsonb_build_object(${pairs}) ORDER BY t::text), '[]')
                          FROM "${table}" t WHERE t.${owner} = $1)`;
  };
  const { rows: userColumns } = await ctx.db.query<{ column_name: string }>(
    `SELECT column_name::text FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'users' ORDER BY ordinal_position`,
  );
  const parts = [
    rowsOf(
      "users",
      userColumns.map((c) => c.column_name),
      "id",
    ),
    ...rows.map((r) => rowsOf(r.table_name, r.columns, "user_id")),
  ];
  return `SELECT jsonb_build_object(${parts.join(", ")}) AS snapshot`;
}

export type UserSnapshot = Record<string, unknown[]>;

const statementOf = (ctx: TestCtx): Promise<string> => {
  let statement = statements.get(ctx.db);
  if (!statement) {
    statement = snapshotStatement(ctx);
    statements.set(ctx.db, statement);
  }
  return statement;
};

/** Everything the user owns, as stored (bookkeeping columns left out), to compare before and after. */
export async function userSnapshot(ctx: TestCtx, userId: string): Promise<UserSnapshot> {
  // Named, so each connection plans this ~60-subquery statement once: planning it took more than
  // half of its ~12 ms, and the contract fuzzing reads it after every one of ~11,000 requests.
  const { rows } = await ctx.db.query<{ snapshot: UserSnapshot }>({
    name: "user-snapshot",
    text: await statementOf(ctx),
    values: [userId],
  });
  return rows[0]!.snapshot;
}

/**
 * The MD5 of userSnapshot's jsonb as text (jsonb prints its keys in one order), for a caller that
 * compares it many times: 32 characters come back instead of the whole snapshot to parse and compare.
 */
export async function userSnapshotDigest(ctx: TestCtx, userId: string): Promise<string> {
  const { rows } = await ctx.db.query<{ digest: string }>({
    name: "user-snapshot-digest",
    text: `SELECT md5(snapshot::text) AS digest FROM (${await statementOf(ctx)}) s`,
    values: [userId],
  });
  return rows[0]!.digest;
}
