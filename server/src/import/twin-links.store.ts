/**
 * A 拾念 import's links to the items it skipped as twins of the account's (items.store.ts
 * resolveKeys). A link written before its target turned out to be a twin names the id the import
 * would have given the target (links.ts), which no item has: it would show as 已删除. Once the
 * job's records are all written, each of the job's texts that links to such an id is made to name
 * the twin instead, in one pass over the job's rows that hold one (a page at a time); the item_links
 * triggers (migration 046) follow the texts, so the twin's 被引用 lists them.
 */
import { rewriteLinks } from "@shinian/contract";
import type { DbClient } from "../db/pool.ts";
import { importedItemId } from "./links.ts";

const PAGE = 100;

/** The texts an import writes links into, and which of a table's rows are the job's. */
const TEXTS = [
  { table: "ideas", columns: ["content", "original_content"], ofJob: "import_job_id = $1" },
  { table: "idea_versions", columns: ["content"], ofJob: "import_job_id = $1" },
  { table: "notes", columns: ["content"], ofJob: "import_job_id = $1" },
  {
    table: "annotations",
    columns: ["content"],
    ofJob: "idea_id IN (SELECT id FROM ideas WHERE import_job_id = $1 AND user_id = $2)",
  },
  {
    table: "note_versions",
    columns: ["content"],
    ofJob: "note_id IN (SELECT id FROM notes WHERE import_job_id = $1 AND user_id = $2)",
  },
] as const;

/** The ids the job's links gave the items it found as twins, each with the twin's id. */
async function twinsOf(client: DbClient, userId: string, jobId: string): Promise<Map<string, string>> {
  // a job's keys name the items it made, and the twins it skipped (writer.ts)
  const { rows } = await client.query<{ type: "idea" | "note"; key: string; item_id: string }>(
    `SELECT type, key, item_id FROM import_keys k
     WHERE job_id = $1 AND user_id = $2 AND type IN ('idea', 'note')
       AND NOT EXISTS (SELECT 1 FROM ideas WHERE id = k.item_id AND import_job_id = $1)
       AND NOT EXISTS (SELECT 1 FROM notes WHERE id = k.item_id AND import_job_id = $1)`,
    [jobId, userId],
  );
  const twins = new Map<string, string>();
  for (const r of rows) {
    const derived = importedItemId(jobId, r.type, r.key);
    if (derived !== r.item_id) twins.set(derived, r.item_id);
  }
  return twins;
}

export async function linkTwins(client: DbClient, userId: string, jobId: string): Promise<void> {
  const twins = await twinsOf(client, userId, jobId);
  if (!twins.size) return;
  const renamed = (text: string) =>
    rewriteLinks(text, (ref) => {
      const twin = twins.get(ref.id);
      return twin ? `[[${ref.type}:${twin}]]` : null;
    });
  for (const { table, columns, ofJob } of TEXTS) {
    const linking = columns
      .map(
        (c) =>
          `(${c} LIKE '%[[%' AND EXISTS (SELECT 1 FROM item_link_targets(${c}) t WHERE t.target_id = ANY ($3::uuid[])))`,
      )
      .join(" OR ");
    const set = columns.map((c, n) => `${c} = x.c${n}`).join(", ");
    const arrays = columns.map((_, n) => `$${n + 2}::text[]`).join(", ");
    const names = columns.map((_, n) => `c${n}`).join(", ");
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const { rows } = await client.query<Record<string, string>>(
        `SELECT id, ${columns.join(", ")} FROM ${table}
         WHERE user_id = $2 AND ${ofJob} AND id > $4::uuid AND (${linking}) ORDER BY id LIMIT ${PAGE}`,
        [jobId, userId, [...twins.keys()], after],
      );
      if (!rows.length) break;
      await client.query(
        `UPDATE ${table} t SET ${set} FROM unnest($1::uuid[], ${arrays}) AS x (id, ${names}) WHERE t.id = x.id`,
        [rows.map((r) => r.id), ...columns.map((c) => rows.map((r) => renamed(r[c]!)))],
      );
      if (rows.length < PAGE) break;
      after = rows.at(-1)!.id!;
    }
  }
}
