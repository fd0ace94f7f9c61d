import type { Queryable } from "../pool.ts";

/** What a restore reports, so the operator sees at once that the data came back. */
const COUNTED = {
  users: "账号",
  ideas: "想法",
  notes: "笔记",
  messages: "对话消息",
  points_ledger: "点数明细",
  sessions: "登录会话",
} as const;

export async function describeContents(db: Queryable): Promise<string> {
  const tables = Object.keys(COUNTED) as (keyof typeof COUNTED)[];
  const { rows } = await db.query<Record<string, number>>(
    `SELECT ${tables.map((t) => `(SELECT count(*)::int FROM ${t}) AS ${t}`).join(", ")}`,
  );
  return tables.map((t) => `${COUNTED[t]} ${rows[0]![t]}`).join("，");
}
