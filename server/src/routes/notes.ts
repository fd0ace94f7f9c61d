import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { type Queryable, tx } from "../db/pool.ts";
import { notFound } from "../errors.ts";
import { decodeCursor, pageFrom } from "../lib/cursor.ts";
import { mount } from "../lib/endpoint.ts";
import { composeNote } from "../services/ai/compose.ts";
import {
  deleteItem,
  findNoteRow,
  NOTE_COLUMNS,
  type NoteRow,
  newestRows,
  toNote,
} from "../services/items.ts";
import { noteVector } from "../services/text-index.ts";

async function checkOwnIdeas(db: Queryable, userId: string, ids: string[]) {
  if (!ids.length) return;
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM ideas WHERE user_id = $1 AND id = ANY($2::uuid[])",
    [userId, ids],
  );
  if (rows[0]!.n !== new Set(ids).size) throw notFound("来源想法不存在");
}

export function noteRoutes(app: Hono<AppEnv>) {
  mount(app, "listNotes", async (c, { query: q }) => {
    const cursor = decodeCursor(q.cursor, "uuid");
    const rows = await newestRows<NoteRow>(c.var.deps.db, "notes", c.var.auth.userId, { ...q, cursor });
    return { data: pageFrom(rows, q.limit, toNote) };
  });
  mount(app, "createNote", async (c, { body: input }) => {
    const tags = input.tags ?? [];
    const sources = [...new Set(input.sourceIdeaIds ?? [])];
    const { db } = c.var.deps;
    await checkOwnIdeas(db, c.var.auth.userId, sources);
    const { rows } = await db.query<NoteRow>(
      `INSERT INTO notes (user_id, title, content, tags, source_idea_ids, pinned, search)
       VALUES ($1, $2, $3, $4, $5::uuid[], $6, $7::tsvector) RETURNING ${NOTE_COLUMNS}`,
      [
        c.var.auth.userId,
        input.title,
        input.content,
        tags,
        sources,
        input.pinned ?? false,
        noteVector({ title: input.title, content: input.content, tags }),
      ],
    );
    return { message: "笔记已保存", data: toNote(rows[0]!) };
  });
  mount(app, "composeNote", async (c, { body }) => ({
    message: "已整理成笔记",
    data: await composeNote(c.var.deps, c.var.auth.userId, body.ideaIds),
  }));
  mount(app, "getNote", async (c, { params }) => ({
    data: toNote(await findNoteRow(c.var.deps.db, c.var.auth.userId, params.id)),
  }));
  mount(app, "updateNote", async (c, { params: { id }, body: patch }) => {
    const note = await tx(c.var.deps.db, async (client) => {
      const cur = await findNoteRow(client, c.var.auth.userId, id, true);
      const next = {
        title: patch.title ?? cur.title,
        content: patch.content ?? cur.content,
        tags: patch.tags ?? cur.tags,
        pinned: patch.pinned ?? cur.pinned,
      };
      const updated = await client.query<NoteRow>(
        `UPDATE notes SET title = $3, content = $4, tags = $5, pinned = $6, search = $7::tsvector, updated_at = now()
         WHERE id = $1 AND user_id = $2 RETURNING ${NOTE_COLUMNS}`,
        [id, c.var.auth.userId, next.title, next.content, next.tags, next.pinned, noteVector(next)],
      );
      return toNote(updated.rows[0]!);
    });
    return { message: "已保存", data: note };
  });
  mount(app, "deleteNote", async (c, { params }) => {
    if (!(await deleteItem(c.var.deps.db, c.var.auth.userId, "note", params.id)))
      throw notFound("笔记不存在");
    return { message: "笔记已删除", data: null };
  });
}
