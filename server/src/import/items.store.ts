/**
 * The rows an import writes, set-based (one statement per table and batch), each carrying its
 * job's id; the keys that say what each item was in its source; the references still waiting for
 * their target; and the rollback that removes exactly one job's rows.
 */
import { createHash } from "node:crypto";
import type { ImportKind } from "@shinian/contract";
import type { VersionRow } from "../ai/tidy.store.ts";
import type { DbClient, Queryable } from "../db/pool.ts";
import { pruneHistory } from "../items/note-history.store.ts";
import { SEARCH_WORDS_VERSION } from "../search/reindex.store.ts";

export type KeyType = "idea" | "ideaVersion" | "note" | "conversation";
/**
 * What a source key stands for here: `live` when the item is in its table, else it is in 回收站;
 * `ours` when the job writing now made it (an idea found in the account before is skipped whole,
 * its AI versions too); `twin` when it was found as a twin only (see resolveKeys).
 */
export type Resolved = { id: string; live: boolean; ours: boolean; twin?: boolean };
export const keyOf = (type: string, key: string) => `${type}\u0000${key}`;

const UUID = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

/** `[[idea:<uuid>]]` → `[[idea:]]`, as records.ts twinOf does: each account names the targets by its own ids. */
const withoutLinkIds = (text: string) =>
  `regexp_replace(${text}, '\\[\\[(idea|note):${UUID.slice(1, -1)}\\]\\]', '[[\\1:]]', 'gi')`;

/** What a key is looked up with; a 拾念 item also by its twin (see resolveKeys). */
const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/** The account's items of `table` made at a wanted key's millisecond with its words (`text`'s md5). */
const twins = (type: KeyType, table: string, text: string) =>
  `SELECT w.type, w.key, t.id, false, true FROM wanted w JOIN ${table} t ON w.type = '${type}' AND t.user_id = $1
     AND ($8::uuid IS NULL OR t.import_job_id IS DISTINCT FROM $8)
     AND t.created_at >= w.created_at AND t.created_at < w.created_at + interval '1 millisecond'
     AND md5(${text}) = w.text_md5`;

export type WantedKey = { type: KeyType; key: string; twin?: { createdAt: Date; text: string } };

/**
 * The items these keys already stand for in the account: an earlier import's (if it still exists,
 * in its table or in 回收站) and, for a 拾念 export, the account's own item whose id the key is, or
 * its twin (same type, same millisecond, same words). The twin makes a move back merge: A's export
 * imported into B, then B's export (B's ids) into A finds A's own items again. Exports keep
 * milliseconds, the database microseconds: hence the range. A job keeps the keys of the twins it
 * skipped as its own (saveKeys), so that its later batches find them by key alone: `ours` is
 * therefore the job's own item, not only its key.
 */
export async function resolveKeys(
  db: Queryable,
  userId: string,
  kind: ImportKind,
  wanted: WantedKey[],
  /** the job writing now: its own rows are never a twin (two equal items of one file stay two) */
  jobId: string | null = null,
): Promise<Map<string, Resolved>> {
  const found = new Map<string, Resolved>();
  if (!wanted.length) return found;
  const { rows } = await db.query<Resolved & { type: KeyType; key: string }>(
    `WITH wanted (type, key, created_at, text_md5) AS (
       SELECT DISTINCT * FROM unnest($3::text[], $4::text[], $6::timestamptz[], $7::text[])),
     candidate AS (
       SELECT w.type, w.key, k.item_id AS id, k.job_id = $8 AS ours, false AS twin FROM wanted w
       JOIN import_keys k ON k.user_id = $1 AND k.kind = $2 AND k.type = w.type AND k.key = w.key
       UNION ALL
       SELECT w.type, w.key, w.key::uuid, false, false FROM wanted w WHERE $5 AND w.key ~ '${UUID}'
       UNION ALL ${twins("idea", "ideas", withoutLinkIds("t.original_content"))}
       UNION ALL ${twins("note", "notes", withoutLinkIds(`regexp_replace(t.content, 'attachment:${UUID.slice(1, -1)}', 'attachment:', 'g')`))}
       UNION ALL ${twins("conversation", "conversations", "t.title")})
     SELECT * FROM (
       SELECT c.type, c.key, c.id, c.twin,
         coalesce(c.ours, false) AND CASE c.type
           WHEN 'idea' THEN EXISTS (SELECT 1 FROM ideas WHERE id = c.id AND import_job_id = $8)
           WHEN 'note' THEN EXISTS (SELECT 1 FROM notes WHERE id = c.id AND import_job_id = $8)
           WHEN 'conversation' THEN EXISTS (SELECT 1 FROM conversations WHERE id = c.id AND import_job_id = $8)
           ELSE EXISTS (SELECT 1 FROM idea_versions WHERE id = c.id AND import_job_id = $8)
         END AS ours,
         CASE c.type
           WHEN 'idea' THEN EXISTS (SELECT 1 FROM ideas WHERE id = c.id AND user_id = $1)
           WHEN 'note' THEN EXISTS (SELECT 1 FROM notes WHERE id = c.id AND user_id = $1)
           WHEN 'conversation' THEN EXISTS (SELECT 1 FROM conversations WHERE id = c.id AND user_id = $1)
           ELSE EXISTS (SELECT 1 FROM idea_versions WHERE id = c.id AND user_id = $1)
         END AS live,
         c.type IN ('idea', 'note') AND EXISTS (SELECT 1 FROM trash WHERE user_id = $1 AND id = c.id) AS trashed
       FROM candidate c) x
     WHERE live OR trashed`,
    [
      userId,
      kind,
      wanted.map((w) => w.type),
      wanted.map((w) => w.key),
      kind === "shinian",
      wanted.map((w) => (kind === "shinian" && w.twin?.createdAt) || null),
      // the words' md5, not the words: a batch's notes are up to 4 M characters, sent once to be inserted
      wanted.map((w) => (kind === "shinian" && w.twin?.text ? md5(w.twin.text) : null)),
      jobId,
    ],
  );
  for (const r of rows) {
    const k = keyOf(r.type, r.key);
    const had = found.get(k);
    // a key's own mapping before a twin: a twin's is kept only where no live item has the key
    if (!had?.live || (had.twin && !r.twin && r.live))
      found.set(k, { id: r.id, live: r.live, ours: r.ours, twin: r.twin });
  }
  return found;
}

type Dated = { id: string; created_at: string; updated_at: string };
type Searched = Dated & {
  title: string;
  content: string;
  tags: string[];
  pinned: boolean;
  search: string;
  archived_at: string | null;
};
/** ai_status is never pending: ai_tidy_due_at stays NULL */
type IdeaInsert = Searched & {
  original_content: string;
  ai_excluded: boolean;
  ai_status: "none" | "done" | "failed";
};
type NoteInsert = Searched & { source_idea_ids: string[] };
type ConversationInsert = Dated & {
  title: string;
  subject_type: "idea" | "note" | null;
  subject_id: string | null;
};
type MessageInsert = Omit<Dated, "updated_at"> & {
  conversation_id: string;
  role: "user" | "assistant";
  content: string;
  citations: { type: "idea" | "note"; id: string | null; title: string; ref?: number }[];
  source_ids: string[];
  status: string;
  points: number;
  mode: string;
};

/** Imported ideas are never tidied automatically: ai_tidy_due_at stays NULL. */
const INSERTS = {
  ideas: `INSERT INTO ideas (id, user_id, import_job_id, original_content, title, content, tags, pinned,
            ai_excluded, search, search_version, ai_status, created_at, updated_at, archived_at)
          SELECT r.id, $1, $2, r.original_content, r.title, r.content, r.tags, r.pinned, r.ai_excluded,
            r.search::tsvector, ${SEARCH_WORDS_VERSION}, r.ai_status, r.created_at, r.updated_at, r.archived_at
          FROM jsonb_to_recordset($3::jsonb) AS r (id uuid, original_content text, title text, content text,
            tags text[], pinned boolean, ai_excluded boolean, ai_status text, search text, created_at timestamptz,
            updated_at timestamptz, archived_at timestamptz)`,
  idea_versions: `INSERT INTO idea_versions (id, user_id, import_job_id, idea_id, model, title, content, tags,
            points, created_at)
          SELECT r.id, $1, $2, r.idea_id, r.model, r.title, r.content, r.tags, r.points, r.created_at
          FROM jsonb_to_recordset($3::jsonb) AS r (id uuid, idea_id uuid, model text, title text, content text,
            tags text[], points integer, created_at timestamptz)`,
  // no import_job_id: undoing the import deletes their ideas, and they go with them
  annotations: `INSERT INTO annotations (id, user_id, idea_id, content, search, created_at)
          SELECT r.id, $1, r.idea_id, r.content, r.search::tsvector, r.created_at
          FROM jsonb_to_recordset($3::jsonb) AS r (id uuid, idea_id uuid, content text, search text,
            created_at timestamptz)
          WHERE $2::uuid IS NOT NULL
          ON CONFLICT (id) DO NOTHING`,
  notes: `INSERT INTO notes (id, user_id, import_job_id, title, content, tags, pinned, source_idea_ids, search,
            search_version, created_at, updated_at, archived_at)
          SELECT r.id, $1, $2, r.title, r.content, r.tags, r.pinned, r.source_idea_ids, r.search::tsvector,
            ${SEARCH_WORDS_VERSION}, r.created_at, r.updated_at, r.archived_at
          FROM jsonb_to_recordset($3::jsonb) AS r (id uuid, title text, content text, tags text[],
            pinned boolean, source_idea_ids uuid[], search text, created_at timestamptz, updated_at timestamptz,
            archived_at timestamptz)`,
  // no import_job_id either: undoing the import deletes them with their notes (removeJobRows); a
  // version's id is derived from the job and its key, so a version never comes twice
  note_versions: `INSERT INTO note_versions (id, user_id, note_id, title, content, tags, saved_at)
          SELECT r.id, $1, r.note_id, r.title, r.content, r.tags, r.saved_at
          FROM jsonb_to_recordset($3::jsonb) AS r (id uuid, note_id uuid, title text, content text, tags text[],
            saved_at timestamptz)
          WHERE $2::uuid IS NOT NULL
          ON CONFLICT (id) DO NOTHING`,
  conversations: `INSERT INTO conversations (id, user_id, import_job_id, title, subject_type, subject_id,
            created_at, updated_at)
          SELECT r.id, $1, $2, r.title, r.subject_type, r.subject_id, r.created_at, r.updated_at
          FROM jsonb_to_recordset($3::jsonb) AS r (id uuid, title text, subject_type text, subject_id uuid,
            created_at timestamptz, updated_at timestamptz)`,
  messages: `INSERT INTO messages (id, user_id, import_job_id, conversation_id, role, content, citations,
            source_ids, status, points, mode, created_at)
          SELECT r.id, $1, $2, r.conversation_id, r.role, r.content, r.citations, r.source_ids, r.status,
            r.points, r.mode, r.created_at
          FROM jsonb_to_recordset($3::jsonb) AS r (id uuid, conversation_id uuid, role text, content text,
            citations jsonb, source_ids uuid[], status text, points integer, mode text,
            created_at timestamptz)`,
} as const;

export type ImportRows = {
  ideas: IdeaInsert[];
  idea_versions: (Omit<VersionRow, "created_at"> & { created_at: string })[];
  annotations: { id: string; idea_id: string; content: string; search: string; created_at: string }[];
  notes: NoteInsert[];
  note_versions: {
    id: string;
    note_id: string;
    title: string;
    content: string;
    tags: string[];
    saved_at: string;
  }[];
  conversations: ConversationInsert[];
  messages: MessageInsert[];
};

/**
 * In an order the foreign keys allow: ideas before their versions and 批注, conversations before
 * messages. The notes given 历史版本 are pruned as a save prunes them.
 */
export async function insertRows(client: DbClient, userId: string, jobId: string, rows: ImportRows) {
  for (const table of [
    "ideas",
    "idea_versions",
    "annotations",
    "notes",
    "note_versions",
    "conversations",
    "messages",
  ] as const) {
    if (rows[table].length) await client.query(INSERTS[table], [userId, jobId, JSON.stringify(rows[table])]);
  }
  if (rows.note_versions.length)
    await pruneHistory(client, userId, [...new Set(rows.note_versions.map((v) => v.note_id))]);
}

export async function saveKeys(
  client: DbClient,
  userId: string,
  kind: ImportKind,
  jobId: string,
  keys: { type: KeyType; key: string; id: string }[],
) {
  if (!keys.length) return;
  // a stale mapping (its item deleted for good) is replaced
  await client.query(
    `INSERT INTO import_keys (user_id, kind, type, key, item_id, job_id)
     SELECT $1, $2, t, k, i, $3 FROM unnest($4::text[], $5::text[], $6::uuid[]) AS x (t, k, i)
     ON CONFLICT (user_id, kind, type, key) DO UPDATE SET item_id = excluded.item_id, job_id = excluded.job_id`,
    [userId, kind, jobId, keys.map((k) => k.type), keys.map((k) => k.key), keys.map((k) => k.id)],
  );
}

export type RefField = "noteSource" | "appliedVersion" | "subject" | "messageSource" | "citation";
type Ref = { holder: string; field: RefField; position: number; targetType: KeyType };
export type PendingRef = Ref & { targetKey: string };
export type ResolvedRef = Ref & { target: string };

export async function savePendingRefs(client: DbClient, jobId: string, refs: PendingRef[]) {
  if (!refs.length) return;
  await client.query(
    `INSERT INTO import_refs (job_id, target_type, target_key, holder_id, field, position)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::uuid[], $5::text[], $6::int[])`,
    [
      jobId,
      refs.map((r) => r.targetType),
      refs.map((r) => r.targetKey),
      refs.map((r) => r.holder),
      refs.map((r) => r.field),
      refs.map((r) => r.position),
    ],
  );
}

/** References of earlier batches to items made now: taken off the waiting list, with their targets. */
export async function takeWaitingRefs(
  client: DbClient,
  jobId: string,
  made: { type: KeyType; key: string; id: string }[],
): Promise<ResolvedRef[]> {
  if (!made.length) return [];
  const { rows } = await client.query<ResolvedRef>(
    `DELETE FROM import_refs r USING unnest($2::text[], $3::text[], $4::uuid[]) AS m (type, key, id)
     WHERE r.job_id = $1 AND r.target_type = m.type AND r.target_key = m.key
     RETURNING r.holder_id AS holder, r.field, r.position, r.target_type AS "targetType", m.id AS target`,
    [jobId, made.map((m) => m.type), made.map((m) => m.key), made.map((m) => m.id)],
  );
  return rows;
}

/** Fills resolved references into rows already written (updated_at untouched: no trigger sets it). */
export async function applyRefs(client: DbClient, refs: ResolvedRef[]) {
  const applied = refs.filter((r) => r.field === "appliedVersion");
  if (applied.length) {
    await client.query(
      `UPDATE ideas i SET ai_version_id = x.v, ai_status = 'done'
       FROM unnest($1::uuid[], $2::uuid[]) AS x (i, v) WHERE i.id = x.i`,
      [applied.map((r) => r.holder), applied.map((r) => r.target)],
    );
  }
  for (const r of refs) {
    if (r.field === "noteSource" || r.field === "messageSource") {
      const [table, column] =
        r.field === "noteSource" ? ["notes", "source_idea_ids"] : ["messages", "source_ids"];
      await client.query(`UPDATE ${table} SET ${column} = ${column} || $2::uuid WHERE id = $1`, [
        r.holder,
        r.target,
      ]);
    } else if (r.field === "subject") {
      await client.query(
        "UPDATE conversations SET subject_type = $2, subject_id = $3 WHERE id = $1 AND subject_id IS NULL",
        [r.holder, r.targetType, r.target],
      );
    } else if (r.field === "citation") {
      await client.query(
        "UPDATE messages SET citations = jsonb_set(citations, ARRAY[$2::text, 'id'], to_jsonb($3::text)) WHERE id = $1",
        [r.holder, r.position, r.target],
      );
    }
  }
}

/** The job is over: references whose target never came are dropped (a citation with them). */
export async function dropWaitingRefs(client: DbClient, jobId: string) {
  await client.query(
    `UPDATE messages m SET citations = coalesce(
       (SELECT jsonb_agg(c ORDER BY n) FROM jsonb_array_elements(m.citations) WITH ORDINALITY AS e (c, n)
        WHERE c ->> 'id' IS NOT NULL), '[]')
     WHERE m.id IN (SELECT holder_id FROM import_refs WHERE job_id = $1 AND field = 'citation')`,
    [jobId],
  );
  await client.query("DELETE FROM import_refs WHERE job_id = $1", [jobId]);
}

/** Removes everything the job wrote, 回收站 included, and its keys: as if it never ran. */
export async function removeJobRows(client: DbClient, userId: string, jobId: string) {
  // the job's images are on the job's items only: they go first, with them
  await client.query(
    `DELETE FROM attachments WHERE user_id = $1 AND item_id IN (
       SELECT id FROM ideas WHERE import_job_id = $2 AND user_id = $1
       UNION ALL SELECT id FROM notes WHERE import_job_id = $2 AND user_id = $1
       UNION ALL SELECT n.id FROM annotations n JOIN ideas i ON i.id = n.idea_id
         WHERE i.import_job_id = $2 AND n.user_id = $1
       UNION ALL SELECT id FROM trash WHERE user_id = $1
         AND coalesce(item -> 'idea' ->> 'import_job_id', item -> 'note' ->> 'import_job_id') = $2::text)`,
    [userId, jobId],
  );
  // a note's 历史版本 have no foreign key to it (they wait while it is in 回收站): they go with it
  await client.query(
    `DELETE FROM note_versions WHERE user_id = $1 AND note_id IN (
       SELECT id FROM notes WHERE import_job_id = $2 AND user_id = $1
       UNION ALL SELECT id FROM trash WHERE user_id = $1 AND type = 'note' AND item -> 'note' ->> 'import_job_id' = $2::text)`,
    [userId, jobId],
  );
  for (const table of ["messages", "conversations", "idea_versions", "notes", "ideas"]) {
    await client.query(`DELETE FROM ${table} WHERE import_job_id = $1 AND user_id = $2`, [jobId, userId]);
  }
  await client.query(
    `DELETE FROM trash WHERE user_id = $1
       AND coalesce(item -> 'idea' ->> 'import_job_id', item -> 'note' ->> 'import_job_id') = $2`,
    [userId, jobId],
  );
  await client.query("DELETE FROM import_keys WHERE job_id = $1", [jobId]);
  await client.query("DELETE FROM import_refs WHERE job_id = $1", [jobId]);
}
