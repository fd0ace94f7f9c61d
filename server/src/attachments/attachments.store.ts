// Over 300 lines on purpose: the attachments wing's one store: every statement on its tables, kept together by the store rule.
/**
 * Uploaded files (attachments, migrations 025 and 028): their bytes (or their sizes, when the bytes
 * are objects in an S3-compatible bucket), which item holds them, and their sweep.
 */
import { randomBytes } from "node:crypto";
import type { Db, DbClient, Queryable } from "../db/pool.ts";
import type { Quota } from "../env.ts";
import { quotaTx } from "../points/usage.store.ts";
import { AUDIO_EXTENSIONS } from "./audio.ts";

export type AttachmentKind = "image" | "audio";

export type NewAttachment = {
  id: string;
  kind: AttachmentKind;
  contentType: string;
  name: string;
  data: Buffer;
  /** null for recordings */
  thumb: Buffer | null;
  /** a recording's length as the recorder measured it; null when not known */
  durationMs?: number | null;
};

/** Stores an uploaded file, unattached; held to the quota (the usage trigger refuses past it). */
export async function insertAttachment(db: Db, quota: Quota, userId: string, file: NewAttachment) {
  await quotaTx(db, quota, (client) =>
    client.query(
      `INSERT INTO attachments (id, user_id, kind, content_type, name, data, thumb, duration_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        file.id,
        userId,
        file.kind,
        file.contentType,
        file.name,
        file.data,
        file.thumb,
        file.durationMs ?? null,
      ],
    ),
  );
}

/**
 * Records a file whose bytes were put in the S3-compatible bucket (`keys`, held by
 * holdObjectKeys until now): its sizes count toward the quota; the keys' hold is lifted in the
 * same transaction, so the objects now belong to the row and go when it goes (migration 028).
 */
export async function insertObjectAttachment(
  db: Db,
  quota: Quota,
  userId: string,
  file: {
    id: string;
    kind: AttachmentKind;
    contentType: string;
    name: string;
    bytes: number;
    thumbBytes: number | null;
    durationMs?: number | null;
  },
  keys: string[],
) {
  await quotaTx(db, quota, async (client) => {
    await client.query(
      `INSERT INTO attachments (id, user_id, kind, content_type, name, object_bytes, object_thumb_bytes, duration_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        file.id,
        userId,
        file.kind,
        file.contentType,
        file.name,
        file.bytes,
        file.thumbBytes,
        file.durationMs ?? null,
      ],
    );
    await client.query("DELETE FROM object_deletions WHERE key = ANY($1::text[])", [keys]);
  });
}

/**
 * An imported file, attached at once to an item the import made, in the import's transaction (the
 * writer counts the quota itself, as for its other rows). The job's rollback removes it with its item.
 * Its id is the import's (the same on every reading): one already written is left as it is.
 */
export async function insertImportedAttachment(
  client: DbClient,
  userId: string,
  file: NewAttachment & { itemId: string; position: number; createdAt: Date | null },
) {
  await client.query(
    `INSERT INTO attachments (id, user_id, item_id, position, kind, content_type, name, data, thumb, created_at, duration_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10, now()), $11)
     ON CONFLICT (id) DO NOTHING`,
    [
      file.id,
      userId,
      file.itemId,
      file.position,
      file.kind,
      file.contentType,
      file.name,
      file.data,
      file.thumb,
      file.createdAt?.toISOString() ?? null,
      file.durationMs ?? null,
    ],
  );
}

export type AttachmentMeta = {
  id: string;
  user_id: string;
  item_id: string | null;
  kind: AttachmentKind;
  content_type: string;
  size: number;
  has_thumb: boolean;
  duration_ms: number | null;
};

const META = `id, user_id, item_id, position, kind, content_type, stored_bytes(attachments)::int AS size,
  (thumb IS NOT NULL OR object_thumb_bytes IS NOT NULL) AS has_thumb, duration_ms`;

/** The files of these items (the user's own), in each item's order. */
export async function attachmentsOfItems(
  db: Queryable,
  userId: string,
  itemIds: string[],
): Promise<AttachmentMeta[]> {
  if (itemIds.length === 0) return [];
  const { rows } = await db.query<AttachmentMeta>({
    name: "attachments-of-items",
    text: `SELECT ${META} FROM attachments WHERE user_id = $1 AND item_id = ANY($2::uuid[]) ORDER BY item_id, position`,
    values: [userId, itemIds],
  });
  return rows;
}

/** The names of the files on these items (the user's own), in each item's order: what the AI is told of them. */
export async function attachmentNamesOfItems(
  db: Queryable,
  userId: string,
  itemIds: string[],
): Promise<{ id: string; item_id: string; name: string; kind: "image" | "audio" }[]> {
  if (itemIds.length === 0) return [];
  const { rows } = await db.query<{ id: string; item_id: string; name: string; kind: "image" | "audio" }>({
    name: "attachment-names-of-items",
    text: `SELECT id, item_id, name, kind FROM attachments
           WHERE user_id = $1 AND item_id = ANY($2::uuid[]) ORDER BY item_id, position`,
    values: [userId, itemIds],
  });
  return rows;
}

/** The thumbnails (WebP, at most THUMB_SIZE px) of one item's images, with their names, in order: what a vision model is shown (thumb null: in the bucket). */
export async function thumbnailsOfItem(db: Queryable, userId: string, itemId: string) {
  const { rows } = await db.query<{ id: string; name: string; thumb: Buffer | null }>(
    `SELECT id, name, thumb FROM attachments
     WHERE user_id = $1 AND item_id = $2 AND (thumb IS NOT NULL OR object_thumb_bytes IS NOT NULL)
     ORDER BY position`,
    [userId, itemId],
  );
  return rows;
}

/** An unattached file of the user's, as just uploaded. */
export async function findAttachmentMeta(db: Queryable, userId: string, id: string) {
  const { rows } = await db.query<AttachmentMeta>(
    `SELECT ${META} FROM attachments WHERE user_id = $1 AND id = $2`,
    [userId, id],
  );
  return rows[0] ?? null;
}

/** Which of `ids` are files of this user that are free or already on this item. */
export async function attachableIds(db: Queryable, userId: string, itemId: string, ids: string[]) {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM attachments
     WHERE user_id = $1 AND id = ANY($2::uuid[]) AND (item_id IS NULL OR item_id = $3)`,
    [userId, ids, itemId],
  );
  return rows.map((r) => r.id);
}

/** Whether every id is a file of this user that is free or already on this item. */
export async function canAttach(db: Queryable, userId: string, itemId: string | null, ids: string[]) {
  if (ids.length === 0) return true;
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM attachments
     WHERE user_id = $1 AND id = ANY($2::uuid[]) AND (item_id IS NULL OR item_id = $3)`,
    [userId, ids, itemId],
  );
  return rows[0]?.n === ids.length;
}

/**
 * Makes `ids` (in this order) the item's whole set of files: the ones it no longer names are
 * deleted for good, or with `release` (a note whose Markdown no longer refers to them) unattached
 * for the sweep, their grace period counted from now: an edit undone within it attaches them again.
 * False, changing nothing, when one of `ids` is not the user's or is on another item (the caller's
 * transaction rolls back what it wrote).
 */
export async function setItemAttachments(
  client: DbClient,
  userId: string,
  itemId: string,
  ids: string[],
  { release = false }: { release?: boolean } = {},
) {
  const { rowCount } = await client.query(
    `UPDATE attachments a SET item_id = $3, position = o.n
     FROM unnest($2::uuid[]) WITH ORDINALITY AS o (id, n)
     WHERE a.id = o.id AND a.user_id = $1 AND (a.item_id IS NULL OR a.item_id = $3)`,
    [userId, ids, itemId],
  );
  if (rowCount !== ids.length) return false;
  await client.query(
    release
      ? `UPDATE attachments SET item_id = NULL, position = 0, created_at = now()
         WHERE user_id = $1 AND item_id = $2 AND NOT (id = ANY($3::uuid[]))`
      : "DELETE FROM attachments WHERE user_id = $1 AND item_id = $2 AND NOT (id = ANY($3::uuid[]))",
    [userId, itemId, ids],
  );
  return true;
}

/** How many of each kind the item carries now (read inside the transaction that set them). */
export async function countKinds(db: Queryable, userId: string, itemId: string) {
  const { rows } = await db.query<{ kind: AttachmentKind; n: number }>(
    "SELECT kind, count(*)::int AS n FROM attachments WHERE user_id = $1 AND item_id = $2 GROUP BY kind",
    [userId, itemId],
  );
  const counts = { image: 0, audio: 0 };
  for (const row of rows) counts[row.kind] = row.n;
  return counts;
}

/** `bytes` null: the file is an object in the S3-compatible bucket (migration 028). */
export type StoredFile = { user_id: string; content_type: string; size: number; bytes: Buffer | null };

/** A file's bytes (or its thumbnail's) with its owner, whole: for a transcription. */
export async function findFile(db: Queryable, id: string, thumb: boolean): Promise<StoredFile | null> {
  const { rows } = await db.query<StoredFile>(
    thumb
      ? `SELECT user_id, 'image/webp' AS content_type, thumb AS bytes,
           coalesce(octet_length(thumb), object_thumb_bytes) AS size FROM attachments
         WHERE id = $1 AND (thumb IS NOT NULL OR object_thumb_bytes IS NOT NULL)`
      : `SELECT user_id, content_type, data AS bytes, coalesce(octet_length(data), object_bytes) AS size
         FROM attachments WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** What serving a file needs before its bytes: its owner (for the signed URL), type, size and place. */
export type FileMeta = { user_id: string; content_type: string; size: number; in_db: boolean };

export async function findFileMeta(db: Queryable, id: string, thumb: boolean): Promise<FileMeta | null> {
  const { rows } = await db.query<FileMeta>(
    thumb
      ? `SELECT user_id, 'image/webp' AS content_type, coalesce(octet_length(thumb), object_thumb_bytes) AS size,
           thumb IS NOT NULL AS in_db FROM attachments
         WHERE id = $1 AND (thumb IS NOT NULL OR object_thumb_bytes IS NOT NULL)`
      : `SELECT user_id, content_type, coalesce(octet_length(data), object_bytes) AS size, data IS NOT NULL AS in_db
         FROM attachments WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * Bytes [start, start + length) of a file kept in PostgreSQL: only those cross the wire and sit in
 * memory (a 1-byte range of a 9 MB recording used to load all 9 MB, as 18 MB of hex text).
 */
export async function readFileRange(
  db: Queryable,
  id: string,
  thumb: boolean,
  start: number,
  length: number,
): Promise<Buffer | null> {
  const { rows } = await db.query<{ bytes: Buffer | null }>(
    `SELECT substring(${thumb ? "thumb" : "data"} FROM $2 FOR $3) AS bytes FROM attachments WHERE id = $1`,
    [id, start + 1, length],
  );
  return rows[0]?.bytes ?? null;
}

/**
 * A 批注's file (its item is the 批注), and one whose 批注 is in 回收站 with its idea (items/trash.store.ts),
 * of the file `a`: the containment is what migration 058's index answers, so keep its expression as it is.
 */
export const ON_ANNOTATION =
  "EXISTS (SELECT 1 FROM annotations n WHERE n.id = a.item_id AND n.user_id = a.user_id)";
export const ON_TRASHED_ANNOTATION = `EXISTS (SELECT 1 FROM trash t WHERE t.user_id = a.user_id AND t.type = 'idea'
  AND t.item -> 'annotations' @> jsonb_build_array(jsonb_build_object('id', a.item_id)))`;

/**
 * Deletes files nothing refers to: uploaded but never attached within `graceMs`, or left on
 * an item that is in none of ideas, notes and trash (an item removed by a path that did not take
 * its files with it). How many.
 */
export async function sweepUnreferenced(db: Queryable, graceMs: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM attachments a
     WHERE a.created_at < now() - make_interval(secs => $1)
       AND (a.item_id IS NULL
         OR NOT (EXISTS (SELECT 1 FROM ideas i WHERE i.id = a.item_id AND i.user_id = a.user_id)
              OR EXISTS (SELECT 1 FROM notes n WHERE n.id = a.item_id AND n.user_id = a.user_id)
              OR EXISTS (SELECT 1 FROM trash t WHERE t.id = a.item_id AND t.user_id = a.user_id)
              OR ${ON_ANNOTATION} OR ${ON_TRASHED_ANNOTATION}))`,
    [graceMs / 1000],
  );
  return rowCount ?? 0;
}

/**
 * The named server key, made (32 random bytes) by the first process that asks. Two processes
 * asking at once: the second's insert waits for the first's and does nothing, and its own
 * statement cannot yet see the row, so the key is read in a statement of its own.
 */
export async function serverKey(db: Queryable, name: string): Promise<Buffer> {
  await db.query("INSERT INTO server_keys (name, key) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [
    name,
    randomBytes(32),
  ]);
  const { rows } = await db.query<{ key: Buffer }>("SELECT key FROM server_keys WHERE name = $1", [name]);
  return rows[0]!.key;
}

export type ExportedAttachment = {
  id: string;
  item_id: string;
  position: number;
  kind: AttachmentKind;
  content_type: string;
  name: string;
  size: number;
  created_at: Date;
  duration_ms: number | null;
  /** With `withData`: the bytes, or null when they are an object in the bucket. */
  data?: Buffer | null;
};

/**
 * The files on the user's ideas, notes and 批注 (and on what is in 回收站, when the export takes it),
 * in id order, `size` at a time; their bytes only when `withData` (the zip's files/, a few at a
 * time: each may be 10 MB), else what data.json lists.
 */
export async function* attachmentBatches(
  db: Queryable,
  userId: string,
  size: number,
  { withData, withTrash }: { withData: boolean; withTrash: boolean },
): AsyncGenerator<ExportedAttachment[]> {
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const { rows } = await db.query<ExportedAttachment>(
      `SELECT id, item_id, position, kind, content_type, name, coalesce(octet_length(data), object_bytes)::int AS size, created_at,
         duration_ms ${withData ? ", data" : ""}
       FROM attachments a
       WHERE a.user_id = $1 AND a.id > $2 AND a.item_id IS NOT NULL
         AND (EXISTS (SELECT 1 FROM ideas i WHERE i.id = a.item_id AND i.user_id = a.user_id)
           OR EXISTS (SELECT 1 FROM notes n WHERE n.id = a.item_id AND n.user_id = a.user_id)
           OR ${ON_ANNOTATION}
           OR ($4 AND (EXISTS (SELECT 1 FROM trash t WHERE t.id = a.item_id AND t.user_id = a.user_id)
             OR ${ON_TRASHED_ANNOTATION})))
       ORDER BY id LIMIT $3`,
      [userId, after, size, withTrash],
    );
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.id;
  }
}

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  ...AUDIO_EXTENSIONS,
};
/** Where the export puts a file: `files/<id>.<ext>`. */
export const exportedFileName = (f: { id: string; content_type: string }) =>
  `files/${f.id}.${EXTENSIONS[f.content_type] ?? "bin"}`;

export type RecordingToTranscribe = {
  kind: AttachmentKind;
  content_type: string;
  name: string;
  /** The idea it is on, in the ideas or in 回收站, is marked 不让AI读取 (false while it is on nothing yet). */
  ai_excluded: boolean;
};

/** One of the person's files, described (its bytes are read later, one transcription at a time). */
export async function findRecording(db: Queryable, userId: string, id: string) {
  const { rows } = await db.query<RecordingToTranscribe>(
    `SELECT a.kind, a.content_type, a.name,
       coalesce((SELECT i.ai_excluded FROM ideas i WHERE i.id = a.item_id AND i.user_id = a.user_id),
         (SELECT i.ai_excluded FROM annotations n JOIN ideas i ON i.id = n.idea_id
          WHERE n.id = a.item_id AND n.user_id = a.user_id),
         (SELECT (t.item -> 'idea' ->> 'ai_excluded')::boolean FROM trash t
          WHERE t.id = a.item_id AND t.user_id = a.user_id AND t.type = 'idea'),
         (SELECT (t.item -> 'idea' ->> 'ai_excluded')::boolean FROM trash t
          WHERE t.user_id = a.user_id AND t.type = 'idea'
            AND t.item -> 'annotations' @> jsonb_build_array(jsonb_build_object('id', a.item_id))),
         false) AS ai_excluded
     FROM attachments a WHERE a.user_id = $1 AND a.id = $2`,
    [userId, id],
  );
  return rows[0] ?? null;
}
